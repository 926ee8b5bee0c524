import { UserType } from '@zhixiao/shared'
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { dictItemsFor } from '../../platform/dict-refs.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

/** The database side of the transfer module (docs/school-year.md "Transfers"). */

export type TransferRequest = Selectable<Database['transfer_request']>

/** Students of other schools of the tenant (RLS) by exact name and 学号 or ID card: what a 转入申请 finds. */
export function findStudents(trx: Trx, q: { name: string; jobNo?: string; idCard?: string; notOrgId: number }) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', 'o.id', 'u.org_id')
    .leftJoin('school_class as c', 'c.id', 'u.class_id')
    .leftJoin('grade as g', 'g.id', 'c.grade_id')
    .leftJoin('person as p', 'p.account_id', 'u.account_id')
    .select([
      'u.id',
      'u.true_name',
      'u.job_no',
      'u.study_status',
      'o.name as school_name',
      sql<string | null>`g.name || c.name`.as('class_name'),
    ])
    .where('u.user_type', '=', UserType.STUDENT)
    .where('u.archived', '=', false)
    .where('u.true_name', '=', q.name)
    .where('u.org_id', '<>', q.notOrgId)
    .where((eb) =>
      eb.or([
        ...(q.jobNo ? [eb('u.job_no', '=', q.jobNo)] : []),
        ...(q.idCard ? [eb('p.id_card', '=', q.idCard)] : []),
      ]),
    )
    .limit(5)
    .execute()
}

/** A student membership, locked: a transfer's checks and its move read it under the lock. */
export function lockStudent(trx: Trx, id: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'account_id', 'org_id', 'class_id', 'true_name', 'job_no', 'study_status', 'archived', 'entered_on'])
    .where('id', '=', id)
    .where('user_type', '=', UserType.STUDENT)
    .forUpdate()
    .executeTakeFirst()
}

export function findLiveClass(trx: Trx, orgId: number, classId: number) {
  return trx
    .selectFrom('school_class')
    .select(['id', 'grade_id'])
    .where('id', '=', classId)
    .where('org_id', '=', orgId)
    .where('archived', '=', false)
    .executeTakeFirst()
}

export function classGrade(trx: Trx, classId: number | null) {
  if (classId === null) return Promise.resolve(undefined)
  return trx.selectFrom('school_class').select('grade_id').where('id', '=', classId).executeTakeFirst()
}

export function orgUnit(trx: Trx, id: number) {
  return trx
    .selectFrom('org_unit')
    .select(['id', 'name', 'parent_id', 'unit_attr'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertRequest(trx: Trx, v: Insertable<Database['transfer_request']>): Promise<number> {
  const r = await trx.insertInto('transfer_request').values(v).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export function lockRequest(trx: Trx, id: number) {
  return trx.selectFrom('transfer_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

/**
 * Moves a request on only from the status it was read in: a racing second decision updates nothing and is refused.
 */
export async function moveRequest(
  trx: Trx,
  id: number,
  from: TransferRequest['status'],
  set: Updateable<Database['transfer_request']>,
): Promise<boolean> {
  const r = await trx
    .updateTable('transfer_request')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .where('done_at', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export function markDone(trx: Trx, id: number, at: Date) {
  return trx
    .updateTable('transfer_request')
    .set({ done_at: at, effect_error: null, effect_failed_at: null })
    .where('id', '=', id)
    .execute()
}

/** Keeps why the approved move failed on its day (the sweep retries; the parties read it on the request). */
export function markEffectFailed(trx: Trx, id: number, error: string, at: Date) {
  return trx
    .updateTable('transfer_request')
    .set({ effect_error: error, effect_failed_at: at })
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .execute()
}

type RequestFilter = { toOrgId?: number; fromOrgId?: number; statuses?: TransferRequest['status'][]; open?: boolean }

/** One page of a box's list rows, newest first, with names resolved, and the box's total. */
export function pageRequestRows(trx: Trx, where: RequestFilter, q: PageQuery) {
  const rows = requestRows(trx, where)
  return paginate(rows.orderBy('r.id', 'desc'), rows, q)
}

/** The list rows of a box, with names resolved. */
function requestRows(trx: Trx, where: RequestFilter) {
  let q = trx
    .selectFrom('transfer_request as r')
    .innerJoin('user_info as u', 'u.id', 'r.user_info_id')
    .innerJoin('org_unit as fo', 'fo.id', 'r.from_org_id')
    .innerJoin('org_unit as tor', 'tor.id', 'r.to_org_id')
    .leftJoin('school_class as c', 'c.id', 'r.to_class_id')
    .leftJoin('grade as g', 'g.id', 'c.grade_id')
  if (where.toOrgId !== undefined) q = q.where('r.to_org_id', '=', where.toOrgId)
  if (where.fromOrgId !== undefined) q = q.where('r.from_org_id', '=', where.fromOrgId)
  if (where.statuses) q = q.where('r.status', 'in', where.statuses)
  if (where.open)
    q = q.where((eb) =>
      eb.or([
        eb('r.status', 'in', ['applied', 'out_agreed']),
        eb.and([eb('r.status', '=', 'approved'), eb('r.done_at', 'is', null)]),
      ]),
    )
  return q.select([
    'r.id',
    'r.user_info_id',
    'r.from_org_id',
    'r.to_org_id',
    'r.applied_by',
    'r.status',
    'r.reason',
    'r.refused_reason',
    'r.out_due',
    'r.bureau_due',
    'r.effective_on',
    'r.done_at',
    'r.effect_error',
    'u.true_name',
    'u.job_no',
    'fo.name as from_school',
    'tor.name as to_school',
    sql<string | null>`g.name || c.name`.as('to_class'),
    sql<string>`to_char(r.applied_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`.as('applied_at'),
  ])
}

/** Requests approved and due (effective_on on or before `today`) but not yet applied; each is locked when applied. */
export function dueApproved(trx: Trx, today: string) {
  return trx
    .selectFrom('transfer_request')
    .select('id')
    .where('status', '=', 'approved')
    .where('done_at', 'is', null)
    .where('effective_on', '<=', today)
    .execute()
}

/** A membership's name and account (messages name the student and reach the applicant). */
export function memberOf(trx: Trx, id: number) {
  return trx.selectFrom('user_info').select(['true_name', 'account_id']).where('id', '=', id).executeTakeFirst()
}

/** Open steps whose handlers were not reminded yet: the sweep reminds those near their due day. */
export function unremindedOpen(trx: Trx) {
  return trx
    .selectFrom('transfer_request')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'applied'), eb('out_reminded', '=', false)]),
        eb.and([eb('status', '=', 'out_agreed'), eb('bureau_reminded', '=', false)]),
      ]),
    )
    .forUpdate()
    .skipLocked()
    .execute()
}

export function setReminded(trx: Trx, id: number, step: 'out' | 'bureau') {
  return trx
    .updateTable('transfer_request')
    .set(step === 'out' ? { out_reminded: true } : { bureau_reminded: true })
    .where('id', '=', id)
    .execute()
}

/** Accounts of an org's active staff who hold `code` (the built-in admin role holds every code). */
export async function handlersOf(trx: Trx, orgId: number, code: string): Promise<number[]> {
  const rows = await sql<{ account_id: number }>`SELECT DISTINCT u.account_id FROM user_info u
    JOIN user_role ur ON ur.user_info_id = u.id JOIN role r ON r.id = ur.role_id AND r.status = 0
    WHERE u.org_id = ${orgId} AND u.user_type = ${UserType.STAFF} AND u.status = 0 AND NOT u.archived
      AND (r.code = 'admin' OR EXISTS (SELECT 1 FROM role_permission p WHERE p.role_id = r.id AND p.permission_code = ${code}))`.execute(
    trx,
  )
  return rows.rows.map((r) => Number(r.account_id))
}

/** Whether the account has a membership in any of the orgs. */
export async function hasMembershipIn(trx: Trx, accountId: number, orgIds: number[]): Promise<boolean> {
  const r = await trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', 'in', orgIds)
    .executeTakeFirst()
  return r !== undefined
}

export function studentWithJobNo(trx: Trx, orgId: number, jobNo: string) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('job_no', '=', jobNo)
    .executeTakeFirst()
}

// ---- the effective move ----

/** The student's open enrolment row at the school (ended_on null), newest first. */
export function openEnrolment(trx: Trx, userInfoId: number, orgId: number) {
  return trx
    .selectFrom('enrolment')
    .select('id')
    .where('user_info_id', '=', userInfoId)
    .where('org_id', '=', orgId)
    .where('ended_on', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export function closeEnrolment(trx: Trx, id: number, endedOn: string) {
  return trx.updateTable('enrolment').set({ status: 'transferred', ended_on: endedOn }).where('id', '=', id).execute()
}

export async function insertEnrolment(trx: Trx, v: Insertable<Database['enrolment']>): Promise<number> {
  const r = await trx.insertInto('enrolment').values(v).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

export function moveStudent(trx: Trx, id: number, orgId: number, classId: number | null) {
  return trx
    .updateTable('user_info')
    .set({ org_id: orgId, class_id: classId, dept_id: null })
    .where('id', '=', id)
    .execute()
}

/** The dictionary item 转出 / 转入 of student changes, created at the tenant level if the tenant has none. */
export async function changeTypeId(trx: Trx, orgId: number, name: string): Promise<number> {
  const have = await dictItemsFor(trx, orgId)
    .select('id')
    .where('dict_type', '=', 'studentChangeType')
    .where('name', '=', name)
    .executeTakeFirst()
  if (have) return Number(have.id)
  const made = await trx
    .insertInto('dict_item')
    .values({ org_id: null, dict_type: 'studentChangeType', name, code: null, remark: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(made.id)
}

export function insertChange(trx: Trx, v: Insertable<Database['change_record']>) {
  return trx.insertInto('change_record').values(v).execute()
}

/** The student's parents' memberships (bound by parent_child), with their org. */
export function parentsOf(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as p', 'p.id', 'pc.parent_id')
    .select(['p.id', 'p.account_id', 'p.org_id', 'p.true_name', 'p.phone', 'pc.relation'])
    .where('pc.child_id', '=', childId)
    .execute()
}

/** Whether the parent membership has another child still at its org. */
export async function hasOtherChildAt(trx: Trx, parentId: number, childId: number, orgId: number): Promise<boolean> {
  const r = await trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as c', 'c.id', 'pc.child_id')
    .select('c.id')
    .where('pc.parent_id', '=', parentId)
    .where('pc.child_id', '<>', childId)
    .where('c.org_id', '=', orgId)
    .executeTakeFirst()
  return r !== undefined
}

export function parentMembershipIn(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.PARENT)
    .executeTakeFirst()
}

export function moveMembership(trx: Trx, id: number, orgId: number) {
  return trx.updateTable('user_info').set({ org_id: orgId, dept_id: null }).where('id', '=', id).execute()
}

export async function insertParentMembership(
  trx: Trx,
  v: { account_id: number; org_id: number; true_name: string; phone: string | null },
): Promise<number> {
  const r = await trx
    .insertInto('user_info')
    .values({ ...v, user_type: UserType.PARENT })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(r.id)
}

/** Moves a binding from one parent membership to another (the relation kept). */
export async function rebind(trx: Trx, fromParentId: number, toParentId: number, childId: number, relation: string) {
  await trx.deleteFrom('parent_child').where('parent_id', '=', fromParentId).where('child_id', '=', childId).execute()
  await trx
    .insertInto('parent_child')
    .values({ parent_id: toParentId, child_id: childId, relation })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function endSessions(trx: Trx, ids: number[], now: Date) {
  if (!ids.length) return Promise.resolve()
  return trx
    .updateTable('session')
    .set({ revoked_at: now })
    .where('user_info_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .execute()
    .then(() => undefined)
}

/** Students transferred out of `orgId` (done), with their enrolment rows at that school. */
export function transferredOutOf(trx: Trx, orgId: number) {
  return trx
    .selectFrom('transfer_request as r')
    .innerJoin('user_info as u', 'u.id', 'r.user_info_id')
    .innerJoin('org_unit as tor', 'tor.id', 'r.to_org_id')
    .select(['r.user_info_id', 'u.true_name', 'u.job_no', 'tor.name as to_school', 'r.effective_on'])
    .where('r.from_org_id', '=', orgId)
    .where('r.status', '=', 'approved')
    .where('r.done_at', 'is not', null)
    .orderBy('r.done_at', 'desc')
    .limit(500)
    .execute()
}

export function enrolmentsAt(trx: Trx, orgId: number, userInfoIds: number[]) {
  if (!userInfoIds.length) return Promise.resolve([])
  return trx
    .selectFrom('enrolment as e')
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .leftJoin('grade as g', 'g.id', 'e.grade_id')
    .select([
      'e.user_info_id',
      'e.school_year',
      'e.status',
      sql<string>`to_char(e.started_on, 'YYYY-MM-DD')`.as('started_on'),
      sql<string | null>`to_char(e.ended_on, 'YYYY-MM-DD')`.as('ended_on'),
      sql<string | null>`g.name || coalesce(c.name, '')`.as('class_name'),
    ])
    .where('e.org_id', '=', orgId)
    .where('e.user_info_id', 'in', userInfoIds)
    .orderBy('e.id')
    .execute()
}

/** Tenants with requests open or approved and waiting (the platform scope: every tenant). */
export async function tenantsWithOpenTransfers(trx: Trx): Promise<number[]> {
  const rows = await trx
    .selectFrom('transfer_request')
    .select('tenant_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['applied', 'out_agreed']),
        eb.and([eb('status', '=', 'approved'), eb('done_at', 'is', null)]),
      ]),
    )
    .execute()
  return rows.map((r) => Number(r.tenant_id))
}

/** The student's open request (applied, agreed, or approved and waiting), if any. */
export function openRequestOf(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('transfer_request')
    .select('id')
    .where('user_info_id', '=', userInfoId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['applied', 'out_agreed']),
        eb.and([eb('status', '=', 'approved'), eb('done_at', 'is', null)]),
      ]),
    )
    .executeTakeFirst()
}
