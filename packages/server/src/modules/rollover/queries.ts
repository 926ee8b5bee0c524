import { UserType, type RolloverReportBody } from '@zhixiao/shared'
import { sql, type Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { RolloverReportTable, RolloverSummaryJson } from '../../db/tables/rollover.js'
import { paginate } from '../../platform/paging.js'

/** The database side of the roll-over plan, its schools, repeaters and reports (docs/school-year.md). */

// ---- the plan ------------------------------------------------------------------------------------------------

const planColumns = [
  'p.id',
  'p.from_year',
  'p.to_year',
  'p.status',
  'p.created_at',
  'p.approved_at',
  'cu.true_name as created_by_name',
  'au.true_name as approved_by_name',
] as const

function planQuery(trx: Trx) {
  return trx
    .selectFrom('rollover_plan as p')
    .leftJoin('user_info as cu', (j) => j.onRef('cu.tenant_id', '=', 'p.tenant_id').onRef('cu.id', '=', 'p.created_by'))
    .leftJoin('user_info as au', (j) =>
      j.onRef('au.tenant_id', '=', 'p.tenant_id').onRef('au.id', '=', 'p.approved_by'),
    )
    .select(planColumns)
}
export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>

export const findPlan = (trx: Trx, id: number) => planQuery(trx).where('p.id', '=', id).executeTakeFirst()

/** The tenant's plan to the latest target year (the one the page shows). */
export const latestPlan = (trx: Trx) => planQuery(trx).orderBy('p.to_year', 'desc').limit(1).executeTakeFirst()

/** Locks the plan row: FOR SHARE while a draft is edited (an approval waits), FOR UPDATE to change its status. */
export async function lockPlan(trx: Trx, id: number, mode: 'share' | 'update') {
  const q = trx.selectFrom('rollover_plan').select(['id', 'status', 'from_year', 'to_year']).where('id', '=', id)
  return (mode === 'share' ? q.forShare() : q.forUpdate()).executeTakeFirst()
}

/** A new plan, or null when the tenant already has one to that year (the unique index decides between two at once). */
export async function insertPlan(trx: Trx, fromYear: string, toYear: string, by: number): Promise<number | null> {
  const r = await trx
    .insertInto('rollover_plan')
    .values({ from_year: fromYear, to_year: toYear, created_by: by })
    .onConflict((oc) => oc.columns(['tenant_id', 'to_year']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return r ? Number(r.id) : null
}

/** draft → approved, only from a draft: of two approvals at once, one updates the row and the other finds none. */
export async function approvePlanRow(trx: Trx, id: number, by: number, at: Date): Promise<boolean> {
  const r = await trx
    .updateTable('rollover_plan')
    .set({ status: 'approved', approved_by: by, approved_at: at })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The plan's status from its schools: done when every school is, running once any has been tried. */
export async function refreshPlanStatus(trx: Trx, id: number): Promise<void> {
  await sql`UPDATE rollover_plan p SET status = CASE
      WHEN NOT EXISTS (SELECT 1 FROM rollover_school s WHERE s.plan_id = p.id AND s.status <> 'done') THEN 'done'
      WHEN EXISTS (SELECT 1 FROM rollover_school s WHERE s.plan_id = p.id AND (s.attempts > 0 OR s.status <> 'pending'))
        THEN 'running'
      ELSE 'approved' END
    WHERE p.id = ${id} AND p.status <> 'draft'`.execute(trx)
}

// ---- schools --------------------------------------------------------------------------------------------------

export async function insertPlanSchools(trx: Trx, planId: number, orgIds: number[]): Promise<void> {
  if (!orgIds.length) return
  await trx
    .insertInto('rollover_school')
    .values(orgIds.map((org_id) => ({ plan_id: planId, org_id })))
    .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'org_id']).doNothing())
    .execute()
}

/** The plan's schools with their names; only `orgIds` when given (a school administrator's own). */
export function planSchools(trx: Trx, planId: number, orgIds?: number[]) {
  let q = trx
    .selectFrom('rollover_school as s')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.org_id'))
    .select([
      's.org_id',
      'o.name as org_name',
      's.status',
      's.error',
      's.attempts',
      's.finished_at',
      's.summary',
      's.intake_classes',
      's.queued',
    ])
    .where('s.plan_id', '=', planId)
  if (orgIds) q = q.where('s.org_id', 'in', orgIds.length ? orgIds : [0])
  return q.orderBy('o.sort').orderBy('o.id').execute()
}
export type PlanSchoolRow = Awaited<ReturnType<typeof planSchools>>[number]

/** The school's row of the plan, locked: two runs (or a run and an undo) of one school wait for each other. */
export const lockSchool = (trx: Trx, planId: number, orgId: number) =>
  trx
    .selectFrom('rollover_school')
    .select(['status', 'intake_classes', 'queued', 'attempts'])
    .where('plan_id', '=', planId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst()

export const findSchool = (trx: Trx, planId: number, orgId: number) =>
  trx
    .selectFrom('rollover_school')
    .select(['status', 'intake_classes'])
    .where('plan_id', '=', planId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()

export type SchoolUpdate = Partial<{
  status: 'pending' | 'running' | 'done' | 'failed' | 'undone'
  queued: boolean
  error: string | null
  intake_classes: number | null
  summary: RolloverSummaryJson | null
  started_at: Date | null
  finished_at: Date | null
}>

export async function updateSchool(
  trx: Trx,
  planId: number,
  orgId: number,
  set: SchoolUpdate,
  addAttempt = false,
): Promise<void> {
  const { summary, ...rest } = set
  await trx
    .updateTable('rollover_school')
    .set({
      ...rest,
      ...(summary !== undefined && { summary: summary === null ? null : JSON.stringify(summary) }),
      ...(addAttempt && { attempts: sql<number>`attempts + 1` }),
    })
    .where('plan_id', '=', planId)
    .where('org_id', '=', orgId)
    .execute()
}

/** Queues every school not done (pending, failed, undone) for the background run; answers how many. */
export async function queueSchools(trx: Trx, planId: number): Promise<number> {
  const r = await trx
    .updateTable('rollover_school')
    .set({ queued: true })
    .where('plan_id', '=', planId)
    .where('status', 'in', ['pending', 'failed', 'undone'])
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

/**
 * Claims the next queued school of any tenant (the platform's scope): status running, visible as progress. One
 * another process runs is skipped unless its claim is stale (or the database is this process's alone).
 */
export async function claimQueued(trx: Trx, now: Date, exclusive: boolean, staleSeconds: number) {
  const r = await sql<{ tenant_id: number; plan_id: number; org_id: number }>`
    UPDATE rollover_school SET status = 'running', started_at = ${now}
    WHERE (tenant_id, plan_id, org_id) = (
      SELECT tenant_id, plan_id, org_id FROM rollover_school
      WHERE queued AND (status <> 'running' OR ${exclusive}
        OR started_at < ${now}::timestamptz - make_interval(secs => ${staleSeconds}))
      ORDER BY tenant_id, plan_id, org_id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING tenant_id, plan_id, org_id`.execute(trx)
  const row = r.rows[0]
  return row ? { tenantId: Number(row.tenant_id), planId: Number(row.plan_id), orgId: Number(row.org_id) } : null
}

// ---- repeaters ------------------------------------------------------------------------------------------------

export async function markRepeatRow(trx: Trx, planId: number, userInfoId: number, orgId: number, by: number) {
  await trx
    .insertInto('rollover_repeat')
    .values({ plan_id: planId, user_info_id: userInfoId, org_id: orgId, created_by: by })
    .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'user_info_id']).doNothing())
    .execute()
}

export async function unmarkRepeatRow(trx: Trx, planId: number, userInfoId: number) {
  await trx.deleteFrom('rollover_repeat').where('plan_id', '=', planId).where('user_info_id', '=', userInfoId).execute()
}

/** The students of the school marked to repeat who are still its live students. */
export async function repeatersOf(trx: Trx, planId: number, orgId: number) {
  const rows = await trx
    .selectFrom('rollover_repeat as r')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_info_id'))
    .select(['u.id', 'u.true_name', 'u.class_id', 'u.study_status'])
    .where('r.plan_id', '=', planId)
    .where('r.org_id', '=', orgId)
    .where('u.org_id', '=', orgId)
    .where('u.archived', '=', false)
    .orderBy('u.id')
    .execute()
  return rows.map((r) => ({ ...r, id: Number(r.id), class_id: r.class_id == null ? null : Number(r.class_id) }))
}

/** A live student of one of `orgIds` (the schools the caller may act for). */
export const findStudent = (trx: Trx, userInfoId: number) =>
  trx
    .selectFrom('user_info')
    .select(['id', 'org_id', 'class_id', 'true_name'])
    .where('id', '=', userInfoId)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
    .executeTakeFirst()

// ---- the report -----------------------------------------------------------------------------------------------

const REPORT_BATCH = 2000

export async function insertReport(trx: Trx, rows: Insertable<RolloverReportTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += REPORT_BATCH)
    await trx
      .insertInto('rollover_report')
      .values(rows.slice(i, i + REPORT_BATCH))
      .execute()
}

export async function deleteReport(trx: Trx, planId: number, orgId: number): Promise<void> {
  await trx.deleteFrom('rollover_report').where('plan_id', '=', planId).where('org_id', '=', orgId).execute()
}

export function pageReport(
  trx: Trx,
  b: Required<Pick<RolloverReportBody, 'pageIndex' | 'pageSize'>> & RolloverReportBody,
) {
  let q = trx
    .selectFrom('rollover_report')
    .select(['id', 'kind', 'subject', 'from_value', 'to_value'])
    .where('plan_id', '=', b.planId)
    .where('org_id', '=', b.orgId)
  if (b.kind) q = q.where('kind', '=', b.kind)
  return paginate(q.orderBy('id'), q, { pageIndex: b.pageIndex, pageSize: b.pageSize })
}
