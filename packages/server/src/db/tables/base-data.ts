import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/**
 * Base data: dictionaries, grades and classes, calendars, buildings and rooms, subjects, majors, work-rest times (modules/base-data).
 */

export interface DictItemTable extends Owned {
  id: Id
  org_id: number | null
  dict_type: string
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  remark: string | null
  created_at: Generated<Date>
}

export interface GradeTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  entry_year: number
  learn_period_id: number | null
  sort: Generated<number>
  status: Generated<number>
  archived: Generated<boolean>
  archived_at: Date | null
  created_at: Generated<Date>
}

export interface SchoolClassTable extends Owned {
  id: Id
  org_id: number
  grade_id: number
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  archived: Generated<boolean>
  archived_at: Date | null
  created_at: Generated<Date>
}

export interface SchoolCalendarTable extends Owned {
  id: Id
  org_id: number
  school_year: string
  term: number
  name: string
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface HolidayTable extends Owned {
  id: Id
  org_id: number
  calendar_id: number | null
  name: string
  kind: string
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface BuildingTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  type_id: number | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface FloorTable extends Owned {
  id: Id
  building_id: number
  level: number
  name: string
}

export interface RoomTable extends Owned {
  id: Id
  org_id: number
  building_id: number
  floor_id: number
  name: string
  code: string | null
  use_id: number | null
  capacity: number | null
  status: Generated<number>
  created_at: Generated<Date>
}

interface RoomTagTable extends Owned {
  id: Id
  org_id: number
  name: string
}
export interface RoomTagLinkTable extends Owned {
  room_id: number
  tag_id: number
}

export interface SubjectTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  category_id: number | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface MajorNodeTable extends Owned {
  id: Id
  org_id: number
  parent_id: number | null
  level: string
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface WorkRestTable extends Owned {
  id: Id
  org_id: number
  name: string
  type_name: string | null
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface WorkRestTimeTable extends Owned {
  id: Id
  work_rest_id: number
  name: string
  kind: string
  start_time: string
  end_time: string
}

export interface StudyMonthTable extends Owned {
  id: Id
  calendar_id: number
  name: string
  start_date: string
  end_date: string
}

// Workstation matrix and external staff (migration 202611241830_create_work_stations_external_staff,
// modules/base-data/work-station-service.ts and external-service.ts; docs/base-data.md).
export interface WorkStationTable extends Owned {
  id: Id
  org_id: number
  job_id: number
  level: number
  quota: number
  status: Generated<number>
  remark: string | null
  created_at: Generated<Date>
}
export interface ExternalStaffTable extends Owned {
  id: Id
  org_id: number
  name: string
  phone: string
  id_card: string | null
  company: string | null
  job_id: number | null
  start_date: string
  end_date: string | null
  status: Generated<number>
  remark: string | null
  created_at: Generated<Date>
}

export interface BaseDataTables {
  dict_item: DictItemTable
  grade: GradeTable
  school_class: SchoolClassTable
  school_calendar: SchoolCalendarTable
  holiday: HolidayTable
  building: BuildingTable
  floor: FloorTable
  room: RoomTable
  room_tag: RoomTagTable
  room_tag_link: RoomTagLinkTable
  subject: SubjectTable
  major_node: MajorNodeTable
  work_rest: WorkRestTable
  work_rest_time: WorkRestTimeTable
  study_month: StudyMonthTable
  work_station: WorkStationTable
  external_staff: ExternalStaffTable
}
