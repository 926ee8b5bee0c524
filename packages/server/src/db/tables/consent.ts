import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** One consent given or withdrawn by a guardian (append-only; migration 202611281300, docs/privacy.md "Consent"). */
export interface ConsentRecordTable extends Owned {
  id: Id
  at: Generated<Date>
  child_id: number
  child_name: string
  child_org_id: number
  under14: boolean
  purpose: 'portalPhoto' | 'faceData' | 'appRelease'
  app_id: number | null
  notice_version: string
  /** NULL once the retention scrub cleared a leaver's line (migration 202612010300). */
  guardian_id: number | null
  guardian_name: string
  relation: string | null
  channel: 'pc' | 'mobile' | 'paper'
  given: boolean
  /** NULL once the retention scrub cleared a line the guardian recorded themselves. */
  recorded_by_account_id: number | null
  recorded_by_name: string
}

export interface ConsentTables {
  consent_record: ConsentRecordTable
}
