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

/** A tenant's retention periods in days by domain (migration 202611281400); no row: shared RETENTION_DEFAULTS. */
export interface PiRetentionPolicyTable extends Owned {
  contact_days: number
  family_days: number
  media_days: number
  health_days: number
  consent_days: number
  updated_by: number | null
  updated_at: Generated<Date>
}

/** One scrub of one person: which domains, why, when — never the values. */
export interface PiScrubJournalTable extends Owned {
  id: Id
  user_info_id: number
  org_id: number
  subject_name: string
  domains: ColumnType<string[], string[], never>
  cause: 'schedule' | 'manual' | 'request'
  request_id: number | null
  actor_user_info_id: number | null
  at: Date
}

/** A legal hold: while unreleased, the person is never scrubbed. */
export interface PiLegalHoldTable extends Owned {
  id: Id
  user_info_id: number
  reason: string
  placed_by: number
  placed_at: Date
  released_by: number | null
  released_at: Date | null
  release_reason: string | null
}

/** A guardian's deletion or correction request about their child. */
export interface PiRequestTable extends Owned {
  id: Id
  child_id: number
  org_id: number
  requester_account_id: number
  requester_user_info_id: number
  requester_name: string
  kind: 'delete' | 'correct'
  fields: ColumnType<string[], string[], never>
  problem: string
  desired: string | null
  status: Generated<'pending' | 'done' | 'refused'>
  due_on: string
  created_at: Date
  handled_by: number | null
  handler_name: string | null
  handled_at: Date | null
  reply: string | null
  result: string | null
}

export interface PrivacyTables {
  pi_access_log: PiAccessLogTable
  pi_reveal_rate: PiRevealRateTable
  pi_retention_policy: PiRetentionPolicyTable
  pi_scrub_journal: PiScrubJournalTable
  pi_legal_hold: PiLegalHoldTable
  pi_request: PiRequestTable
}
