import type { Generated } from 'kysely'
import type { Owned, Timestamp } from './columns.js'

/** Sign-up (migration 202611241430, docs/auth.md). */
interface SignupTicketTable extends Owned {
  id: string
  phone: string
  expires_at: Timestamp
  used_at: Date | null
}
interface SignupRecordTable extends Owned {
  phone: string
  account_id: number
  true_name: string
  created_at: Timestamp
}
export interface SignupPassTable extends Owned {
  id: string
  account_id: number
  expires_at: Timestamp
}
interface OrgRegisterSwitchTable extends Owned {
  org_id: number
  parent_open: boolean
  teacher_open: boolean
  updated_by: number | null
  updated_at: Generated<Date>
}

export interface SignupTables {
  signup_ticket: SignupTicketTable
  signup_record: SignupRecordTable
  signup_pass: SignupPassTable
  org_register_switch: OrgRegisterSwitchTable
}
