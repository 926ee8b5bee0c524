import type { ColumnType, Generated } from 'kysely'

/**
 * Tables of the campus portal (migration 202611241700_create_campus_portal), added to the Database interface here
 * so this module's schema lives with its code (as cms/tables.ts does).
 */
type Owned = { tenant_id: ColumnType<number, number | undefined, never> }

export interface WeatherConfigTable extends Owned {
  provider: string
  api_host: string | null
  /** platform/secret-box.ts seal(); never returned by any call. */
  api_key_sealed: string | null
  updated_by: number | null
  updated_at: Generated<Date>
}
export interface ClassTeacherTable extends Owned { class_id: number; user_info_id: number; is_head: boolean; created_at: Generated<Date> }

declare module '../../db/schema.js' {
  interface Database {
    weather_config: WeatherConfigTable
    class_teacher: ClassTeacherTable
  }
}
