import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** The school-year roll-over (modules/rollover; docs/school-year.md "Roll-over plan, preview, approval and run"). */

interface RolloverPlanTable extends Owned {
  id: Id
  from_year: string
  to_year: string
  status: Generated<'draft' | 'approved' | 'running' | 'done'>
  created_by: number | null
  created_at: Generated<Date>
  approved_by: number | null
  approved_at: Date | null
}

/** What a school's run changed, in short (the plan's list); the same shape as the shared RolloverSummary. */
export interface RolloverSummaryJson {
  promotedCohorts: number
  studentsPromoted: number
  graduates: number
  intakeGradeName: string | null
  classesCarriedOver: number
  exceptions: number
}

interface RolloverSchoolTable extends Owned {
  plan_id: number
  org_id: number
  status: Generated<'pending' | 'running' | 'done' | 'failed' | 'undone'>
  queued: Generated<boolean>
  error: string | null
  attempts: Generated<number>
  intake_classes: number | null
  summary: ColumnType<RolloverSummaryJson | null, string | null, string | null>
  started_at: Date | null
  finished_at: Date | null
}

interface RolloverRepeatTable extends Owned {
  plan_id: number
  user_info_id: number
  org_id: number
  created_by: number | null
  created_at: Generated<Date>
}

export interface RolloverReportTable extends Owned {
  id: Id
  plan_id: number
  org_id: number
  kind: string
  subject: string
  from_value: string | null
  to_value: string | null
}

export interface RolloverTables {
  rollover_plan: RolloverPlanTable
  rollover_school: RolloverSchoolTable
  rollover_repeat: RolloverRepeatTable
  rollover_report: RolloverReportTable
}
