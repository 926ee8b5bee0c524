import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** One look at a person's data: a detail view, a reveal or an export (append-only; migration 202611270900). */
export interface PiAccessLogTable extends Owned {
  id: Id
  at: Generated<Date>
  actor_account_id: number
  actor_user_info_id: number | null
  actor_name: string
  actor_roles: ColumnType<string[], string[] | undefined, never>
  actor_org_id: number | null
  subject_user_info_id: number | null
  subject_name: string | null
  subject_org_id: number | null
  fields: ColumnType<string[], string[] | undefined, never>
  action: 'view' | 'reveal' | 'export'
  purpose: string | null
  client_ip: string | null
}

/** Reveals of one member in one hour (the reveal's rate limit). */
export interface PiRevealRateTable extends Owned {
  user_info_id: number
  window_start: Date
  hits: Generated<number>
}

export interface PrivacyTables {
  pi_access_log: PiAccessLogTable
  pi_reveal_rate: PiRevealRateTable
}
