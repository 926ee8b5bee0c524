import { JoinStatus, UserType } from '@zhixiao/shared'
import type { Insertable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { JoinRequestTable, ParentChildTable } from '../../db/schema.js'

export function findRegisterSwitch(trx: Trx, orgId: number) {
  return trx
    .selectFrom('org_register_switch')
    .select(['parent_open', 'teacher_open'])
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

export function findOrgOfTenant(trx: Trx, tenantId: number, orgId: number) {
  return trx
    .selectFrom('org_unit')
    .select(['id', 'status', 'org_type', 'unit_attr'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orgId)
    .executeTakeFirst()
}

export function findMemberNameAndPhone(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info')
    .select(['true_name', 'phone'])
    .where('id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

export function findSignupNameAndPhone(trx: Trx, accountId: number) {
  return trx
    .selectFrom('signup_record')
    .select(['true_name', 'phone'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

/** Locks the applicant's account row, so one account's simultaneous requests queue. */
export function lockAccount(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('id').where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow()
}

export function findOwnJoinRequest(trx: Trx, id: number, accountId: number) {
  return trx
    .selectFrom('join_request')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export function updateJoinRequest(trx: Trx, id: number, values: Updateable<JoinRequestTable>) {
  return trx.updateTable('join_request').set(values).where('id', '=', id).execute()
}

export function findMembershipInOrg(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'user_type'])
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

/** The live student with this number at the school, locked for the parents-per-child limit. */
export function lockStudentByNo(trx: Trx, orgId: number, jobNo: string) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'true_name'])
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('job_no', '=', jobNo)
    .where('archived', '=', false)
    .where('status', '=', 0)
    .forUpdate()
    .executeTakeFirst()
}

export function findParentChild(trx: Trx, parentId: number, childId: number) {
  return trx
    .selectFrom('parent_child')
    .select('child_id')
    .where('parent_id', '=', parentId)
    .where('child_id', '=', childId)
    .executeTakeFirst()
}

export function countParentsOf(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('child_id', '=', childId)
    .executeTakeFirstOrThrow()
}

/** Pending requests naming the child, except the one with exceptId. */
export function countPendingForChild(trx: Trx, childId: number, exceptId: number | undefined) {
  let waiting = trx
    .selectFrom('join_request')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('child_id', '=', childId)
    .where('status', '=', JoinStatus.PENDING)
  if (exceptId !== undefined) waiting = waiting.where('id', '<>', exceptId)
  return waiting.executeTakeFirstOrThrow()
}

export function countPendingOfAccount(trx: Trx, accountId: number) {
  return trx
    .selectFrom('join_request')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', JoinStatus.PENDING)
    .executeTakeFirstOrThrow()
}

export function insertJoinRequest(trx: Trx, values: Insertable<JoinRequestTable>) {
  return trx.insertInto('join_request').values(values).returning('id').executeTakeFirstOrThrow()
}

export function findAccountNames(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select(['user_name', 'phone']).where('id', '=', accountId).executeTakeFirstOrThrow()
}

export function findSignupName(trx: Trx, accountId: number) {
  return trx.selectFrom('signup_record').select('true_name').where('account_id', '=', accountId).executeTakeFirst()
}

export function findLiveMemberName(trx: Trx, accountId: number) {
  return trx
    .selectFrom('user_info')
    .select('true_name')
    .where('account_id', '=', accountId)
    .where('status', '=', 0)
    .where('archived', '=', false)
    .limit(1)
    .executeTakeFirst()
}

/** The account's latest 50 requests with their organisations' names. */
export function listJoinRequestsOf(trx: Trx, accountId: number) {
  return trx
    .selectFrom('join_request as j')
    .innerJoin('org_unit as o', (x) => x.onRef('o.tenant_id', '=', 'j.tenant_id').onRef('o.id', '=', 'j.org_id'))
    .where('j.account_id', '=', accountId)
    .select([
      'j.id',
      'j.org_id as orgId',
      'o.name as orgName',
      'j.user_type as userType',
      'j.child_no as childNo',
      'j.child_name as childName',
      'j.relation',
      'j.reason',
      'j.status',
      'j.refuse_reason as refuseReason',
      sql<string>`to_char(j.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      sql<string | null>`to_char(j.decided_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('decidedAt'),
    ])
    .orderBy('j.id', 'desc')
    .limit(50)
    .execute()
}

export function findLiveStudentInOrg(trx: Trx, id: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
    .executeTakeFirst()
}

/** Binds a parent to a child; a binding already there is left as it is. */
export function bindParentChild(trx: Trx, values: Insertable<ParentChildTable>) {
  return trx
    .insertInto('parent_child')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function findOrgNameAndType(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['name', 'org_type']).where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function upsertRegisterSwitch(
  trx: Trx,
  orgId: number,
  parentOpen: boolean,
  teacherOpen: boolean,
  updatedBy: number,
) {
  return trx
    .insertInto('org_register_switch')
    .values({ org_id: orgId, parent_open: parentOpen, teacher_open: teacherOpen, updated_by: updatedBy })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'org_id']).doUpdateSet({
        parent_open: parentOpen,
        teacher_open: teacherOpen,
        updated_by: updatedBy,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}

/** The tenant's enabled organisations not closed to both kinds of request, by name when a keyword is given. */
export function listRegisterOrgs(trx: Trx, keyword: string | null | undefined) {
  let q = trx
    .selectFrom('org_unit as o')
    .leftJoin('org_register_switch as s', (j) =>
      j.onRef('s.tenant_id', '=', 'o.tenant_id').onRef('s.org_id', '=', 'o.id'),
    )
    .select([
      'o.id as orgId',
      'o.name',
      'o.unit_attr as unitAttr',
      's.parent_open as parentOpen',
      's.teacher_open as teacherOpen',
    ])
    .where('o.org_type', '=', 'org')
    .where('o.status', '=', 0)
    .where((eb) => eb.or([eb('s.org_id', 'is', null), eb('s.parent_open', '=', true), eb('s.teacher_open', '=', true)]))
  if (keyword) q = q.where('o.name', 'ilike', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  return q.orderBy('o.sort').orderBy('o.id').limit(500).execute()
}

export function listEnabledTenantsExcept(trx: Trx, exceptTenantId: number) {
  return trx
    .selectFrom('tenant')
    .select(['id as tenantId', 'name'])
    .where('status', '=', 0)
    .where('id', '<>', exceptTenantId)
    .orderBy('id')
    .limit(200)
    .execute()
}
