import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

type NoticeKind = 'terms' | 'privacy' | 'children'

/** A notice's draft (version null) or published version, immutable once published (migration 202611281500). */
interface PrivacyNoticeTable extends Owned {
  id: Id
  kind: NoticeKind
  version: number | null
  title: string
  body: string
  updated_by: number | null
  updated_at: Generated<Date>
  published_at: Date | null
  published_by: number | null
  published_by_name: string | null
}

/** The version of a notice an account accepted (at sign-up). */
interface PrivacyNoticeAcceptanceTable extends Owned {
  account_id: number
  kind: NoticeKind
  version: number
  channel: Generated<string>
  accepted_at: Generated<Date>
}

export interface PrivacyNoticeTables {
  privacy_notice: PrivacyNoticeTable
  privacy_notice_acceptance: PrivacyNoticeAcceptanceTable
}
