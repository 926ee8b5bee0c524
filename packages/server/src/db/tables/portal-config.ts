import type { ColumnType, Generated } from 'kysely'
import type { Owned } from './columns.js'

/** Tables of migration 202611230320_create_portal_config (modules/portal-config). */
interface PortalConfigTable extends Owned {
  org_id: number
  name: string
  /** jsonb: read as an object, written as JSON text. */
  value: ColumnType<unknown, string, string>
  updated_at: Generated<Date>
  updated_by: number | null
}
interface PersonalConfigTable extends Owned {
  account_id: number
  name: string
  value: string
  updated_at: Generated<Date>
}
export interface MobileEntryTable extends Owned {
  id: Generated<number>
  org_id: number
  mobile_name: string
  mobile_explain: string
  type: number
  decode_path: string
  code_tips: string
  has_show: boolean
  sort: number
  created_at: Generated<Date>
}

export interface PortalConfigTables {
  portal_config: PortalConfigTable
  personal_config: PersonalConfigTable
  mobile_entry: MobileEntryTable
}
