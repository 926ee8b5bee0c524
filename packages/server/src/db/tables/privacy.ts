import type { ColumnType, Generated } from 'kysely'
import type { ExportStatus } from '@zhixiao/shared'
import type { Id, Json, Owned } from './columns.js'

/** One look at a person's data: a detail view, a reveal or an export (append-only; migration 202611270900). */
interface PiAccessLogTable extends Owned {
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
interface PiRevealRateTable extends Owned {
  user_info_id: number
  window_start: Date
  hits: Generated<number>
}

/** A tenant's retention periods in days by domain (migration 202611281400); no row: shared RETENTION_DEFAULTS. */
interface PiRetentionPolicyTable extends Owned {
  contact_days: number
  family_days: number
  media_days: number
  health_days: number
  consent_days: number
  updated_by: number | null
  updated_at: Generated<Date>
}

/** One scrub of one person: which domains, why, when — never the values. */
interface PiScrubJournalTable extends Owned {
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
interface PiLegalHoldTable extends Owned {
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
interface PiRequestTable extends Owned {
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

/** The tenant's personal-information officer and minors' limit (export approval; migration 202611281200). */
interface PiExportPolicyTable extends Owned {
  officer_user_info_id: number | null
  minor_row_limit: number | null
  updated_by: number | null
  updated_at: Generated<Date>
}

/** A member the officer named to approve export requests. */
interface PiExportApproverTable extends Owned {
  user_info_id: number
  added_by: number
  added_at: Generated<Date>
}

/** An export request and, once approved, its job and file. */
export interface PiExportRequestTable extends Owned {
  id: Generated<number>
  kind: 'student' | 'teacher' | 'parent'
  full_values: boolean
  org_id: number
  filter: Json<Record<string, unknown>>
  filter_text: string
  purpose: string
  requester_account_id: number
  requester_user_info_id: number
  requester_org_id: number
  requester_name: string
  client_ip: string | null
  created_at: Generated<Date>
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>
  reviewer_user_info_id: number | null
  reviewer_name: string | null
  review_comment: string | null
  reviewed_at: Date | null
  runner_id: string | null
  started_at: Date | null
  finished_at: Date | null
  row_count: number | null
  error: string | null
  file: Buffer | null
  file_name: string | null
  token: string | null
  expires_at: Date | null
  download_count: Generated<number>
  last_download_at: Date | null
}

export interface PrivacyTables {
  pi_access_log: PiAccessLogTable
  pi_reveal_rate: PiRevealRateTable
  pi_export_policy: PiExportPolicyTable
  pi_export_approver: PiExportApproverTable
  pi_export_request: PiExportRequestTable
  pi_retention_policy: PiRetentionPolicyTable
  pi_scrub_journal: PiScrubJournalTable
  pi_legal_hold: PiLegalHoldTable
  pi_request: PiRequestTable
}
