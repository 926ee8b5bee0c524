import type { Generated } from 'kysely'
import type { Owned } from './columns.js'

/** Tables of the campus portal (migration 202611241700_create_campus_portal, modules/campus). */
export interface WeatherConfigTable extends Owned {
  provider: string
  api_host: string | null
  /** platform/secret-box.ts seal(); never returned by any call. */
  api_key_sealed: string | null
  updated_by: number | null
  updated_at: Generated<Date>
}
interface ClassTeacherTable extends Owned {
  class_id: number
  user_info_id: number
  is_head: boolean
  created_at: Generated<Date>
}

/** A subject a class teacher teaches in the class (migration 202612010100_create_class_teacher_subject). */
interface ClassTeacherSubjectTable extends Owned {
  class_id: number
  user_info_id: number
  subject_id: number
  created_at: Generated<Date>
}

export interface CampusTables {
  weather_config: WeatherConfigTable
  class_teacher: ClassTeacherTable
  class_teacher_subject: ClassTeacherSubjectTable
}
