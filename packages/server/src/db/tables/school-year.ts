import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/**
 * The school year (modules/school-year and the roll-over, intake, transfer and statistics modules built on it;
 * docs/school-year.md).
 */

type EnrolmentStatus = 'enrolled' | 'suspended' | 'promoted' | 'repeated' | 'graduated' | 'transferred' | 'left'
type EnrolmentSource = 'rollover' | 'intake' | 'transfer' | 'change' | 'import'

/** One student's year at one school: person × school year × school × grade × class × status × dates × previous row. */
interface EnrolmentTable extends Owned {
  id: Id
  user_info_id: number
  /** '2026-2027' */
  school_year: string
  org_id: number
  grade_id: number | null
  class_id: number | null
  status: EnrolmentStatus
  started_on: string
  ended_on: string | null
  previous_id: number | null
  source: EnrolmentSource
  created_at: Generated<Date>
}

/** A feeder school (对口直升): `from_org_id`'s graduates are offered to `to_org_id`'s intake. */
interface FeederSchoolTable extends Owned {
  from_org_id: number
  to_org_id: number
  created_at: Generated<Date>
}

type Json = ColumnType<Record<string, string | number | boolean | null>, string, string>

/** One row written by a journaled bulk change (modules/school-year/journal.ts), for its undo. */
interface SchoolYearJournalTable extends Owned {
  id: Id
  journal_key: string
  seq: number
  table_name: string
  row_id: number
  op: 'insert' | 'update' | 'delete'
  before: ColumnType<Record<string, string | number | boolean | null> | null, string | null, string | null>
  after: Json
  created_at: Generated<Date>
}

type TransferStatus = 'applied' | 'out_agreed' | 'approved' | 'refused' | 'cancelled'

/** A transfer inside the district (modules/transfers): 转入申请 → 转出审核 → 教育局审核, effective on a date. */
interface TransferRequestTable extends Owned {
  id: Id
  user_info_id: number
  from_org_id: number
  to_org_id: number
  to_class_id: number | null
  status: TransferStatus
  reason: string | null
  applied_by: number
  applied_at: Generated<Date>
  out_due: string
  out_by: number | null
  out_at: Date | null
  bureau_due: string | null
  bureau_by: number | null
  bureau_at: Date | null
  effective_on: string | null
  done_at: Date | null
  refused_reason: string | null
  /** The open step's handlers were reminded of its deadline (202611290500_transfer_reminders). */
  out_reminded: Generated<boolean>
  bureau_reminded: Generated<boolean>
  /** Why the approved move failed on its day, until it succeeds (202611300600_transfer_effect_error). */
  effect_error: Generated<string | null>
  effect_failed_at: Generated<Date | null>
}

export interface SchoolYearTables {
  transfer_request: TransferRequestTable
  school_year_journal: SchoolYearJournalTable
  enrolment: EnrolmentTable
  feeder_school: FeederSchoolTable
}
