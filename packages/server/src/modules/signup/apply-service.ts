import {
  ErrorCode,
  JoinStatus,
  PARENT_REGISTRATION_LIMIT,
  PeopleMsg,
  SignupErrorCode,
  SignupMsg,
  UserType,
  isSchoolUnit,
  type ApplyOrgBody,
  type MyApplications,
  type RegisterOrg,
  type RegisterSwitch,
  type RegisterSwitchBody,
} from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { JoinRequestTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'

/** Who asks: a signed-in member (a session) or a signed-up person holding a registration pass. */
export interface Applicant {
  tenantId: number
  accountId: number
  userInfoId: number | null
}

const notFoundOrg = () => notFound(SignupMsg.ORG_NOT_FOUND)

/** The register switch of an organisation; no row means both open. */
async function switchOf(trx: Trx, orgId: number): Promise<{ parentOpen: boolean; teacherOpen: boolean }> {
  const row = await trx
    .selectFrom('org_register_switch')
    .select(['parent_open', 'teacher_open'])
    .where('org_id', '=', orgId)
    .executeTakeFirst()
  return { parentOpen: row?.parent_open ?? true, teacherOpen: row?.teacher_open ?? true }
}

/** Which kinds of request an organisation takes: parents only at schools (students are there), each as its switch says. */
function openKinds(
  unitAttr: number,
  sw: { parentOpen: boolean | null; teacherOpen: boolean | null },
): { parentOpen: boolean; teacherOpen: boolean } {
  return { parentOpen: isSchoolUnit(unitAttr) && (sw.parentOpen ?? true), teacherOpen: sw.teacherOpen ?? true }
}

/**
 * The organisation a sign-up or a request names, if the caller's tenant (the transaction's) has it enabled and it
 * takes at least one kind of request — what register/orgs lists. Anything else is answered like a missing one, so
 * another tenant's schools and the closed ones cannot be told apart from ids that do not exist.
 */
export async function reachableOrg(trx: Trx, tenantId: number, orgId: number) {
  const org = await trx
    .selectFrom('org_unit')
    .select(['id', 'status', 'org_type', 'unit_attr'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', orgId)
    .executeTakeFirst()
  if (!org || org.status !== 0 || org.org_type !== 'org') return null
  const open = openKinds(org.unit_attr, await switchOf(trx, org.id))
  return open.parentOpen || open.teacherOpen ? { ...org, ...open } : null
}

/** The name and phone a request carries: the member's own, or those given at sign-up. */
async function applicantFacts(trx: Trx, a: Applicant): Promise<{ trueName: string; phone: string | null }> {
  if (a.userInfoId !== null) {
    const me = await trx
      .selectFrom('user_info')
      .select(['true_name', 'phone'])
      .where('id', '=', a.userInfoId)
      .executeTakeFirstOrThrow()
    return { trueName: me.true_name, phone: me.phone }
  }
  const rec = await trx
    .selectFrom('signup_record')
    .select(['true_name', 'phone'])
    .where('account_id', '=', a.accountId)
    .executeTakeFirst()
  if (!rec) throw refused(SignupErrorCode.PASS_INVALID, SignupMsg.PASS_INVALID)
  return { trueName: rec.true_name, phone: rec.phone }
}

/**
 * A new request, a change of an own pending one (b.id), or its withdrawal (b.id + withdraw). All of it runs under a
 * lock on the applicant's account row, so one account's simultaneous requests queue and the pending limit
 * (PARENT_REGISTRATION_LIMIT.pendingPerAccount) counts what the others committed; a parent's request also locks the
 * named student's row for the parents-per-child limit. The child must be a live student of that school whose
 * number and name both match (one message for either mismatch, so student numbers cannot be probed).
 */
export function submitApplication(
  ctx: AppContext,
  a: Applicant,
  b: ApplyOrgBody,
): Promise<{ id: number; msg: string }> {
  return ctx.db.tenant(a.tenantId, async (trx) => {
    await trx.selectFrom('account').select('id').where('id', '=', a.accountId).forUpdate().executeTakeFirstOrThrow()
    const now = ctx.clock.now()
    let own: Selectable<JoinRequestTable> | undefined
    if (b.id != null) {
      own = await trx
        .selectFrom('join_request')
        .selectAll()
        .where('id', '=', b.id)
        .where('account_id', '=', a.accountId)
        .executeTakeFirst()
      if (!own) throw notFound(SignupMsg.REQUEST_NOT_FOUND)
      if (own.status !== JoinStatus.PENDING) throw refused(ErrorCode.BAD_REQUEST, SignupMsg.REQUEST_DONE)
      if (b.withdraw) {
        await trx
          .updateTable('join_request')
          .set({ status: JoinStatus.WITHDRAWN, updated_at: now, decided_at: now })
          .where('id', '=', own.id)
          .execute()
        return { id: own.id, msg: SignupMsg.WITHDRAWN }
      }
    }

    // Only the applicant's own tenant (the pass's or the session's, fixed by the login page at sign-up) and only
    // organisations open to some request; one that takes the other kind only says which kind it refuses.
    const org = await reachableOrg(trx, a.tenantId, b.orgId)
    if (!org) throw notFoundOrg()
    const parent = b.userType === UserType.PARENT
    if (parent && !isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, SignupMsg.NOT_SCHOOL)
    if (parent && !org.parentOpen) throw refused(SignupErrorCode.REGISTER_CLOSED, SignupMsg.REGISTER_CLOSED_PARENT)
    if (!parent && !org.teacherOpen) throw refused(SignupErrorCode.REGISTER_CLOSED, SignupMsg.REGISTER_CLOSED_TEACHER)

    const membership = await trx
      .selectFrom('user_info')
      .select(['id', 'user_type'])
      .where('account_id', '=', a.accountId)
      .where('org_id', '=', org.id)
      .executeTakeFirst()
    // A parent of that school may ask again for another child; anyone else already there has nothing to ask for.
    if (membership && !(parent && membership.user_type === UserType.PARENT))
      throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)

    let childId: number | null = null
    if (parent) {
      const child = await trx
        .selectFrom('user_info')
        .select(['id', 'true_name'])
        .where('org_id', '=', org.id)
        .where('user_type', '=', UserType.STUDENT)
        .where('job_no', '=', b.childNo!)
        .where('archived', '=', false)
        .where('status', '=', 0)
        .forUpdate()
        .executeTakeFirst()
      if (!child || child.true_name !== b.childName)
        throw refused(SignupErrorCode.CHILD_MISMATCH, SignupMsg.CHILD_MISMATCH)
      childId = child.id
      if (membership) {
        const bound = await trx
          .selectFrom('parent_child')
          .select('child_id')
          .where('parent_id', '=', membership.id)
          .where('child_id', '=', child.id)
          .executeTakeFirst()
        if (bound) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_BOUND)
      }
      // Bound parents plus requests naming the child that wait (this request's own row aside).
      const bound = await trx
        .selectFrom('parent_child')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('child_id', '=', child.id)
        .executeTakeFirstOrThrow()
      let waiting = trx
        .selectFrom('join_request')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('child_id', '=', child.id)
        .where('status', '=', JoinStatus.PENDING)
      if (own) waiting = waiting.where('id', '<>', own.id)
      const w = await waiting.executeTakeFirstOrThrow()
      if (Number(bound.n) + Number(w.n) >= PARENT_REGISTRATION_LIMIT.parentsPerChild)
        throw refused(SignupErrorCode.CHILD_PARENT_LIMIT, SignupMsg.CHILD_PARENT_LIMIT)
    }

    const values = {
      org_id: org.id,
      user_type: b.userType,
      child_id: childId,
      child_no: parent ? b.childNo : null,
      child_name: parent ? b.childName : null,
      relation: parent ? b.relation : null,
      reason: b.reason,
    }
    try {
      if (own) {
        await trx
          .updateTable('join_request')
          .set({ ...values, updated_at: now })
          .where('id', '=', own.id)
          .execute()
        return { id: own.id, msg: SignupMsg.UPDATED }
      }
      const pending = await trx
        .selectFrom('join_request')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', a.accountId)
        .where('status', '=', JoinStatus.PENDING)
        .executeTakeFirstOrThrow()
      if (Number(pending.n) >= PARENT_REGISTRATION_LIMIT.pendingPerAccount)
        throw refused(SignupErrorCode.PENDING_LIMIT, SignupMsg.PENDING_LIMIT)
      const facts = await applicantFacts(trx, a)
      const { id } = await trx
        .insertInto('join_request')
        .values({
          ...values,
          account_id: a.accountId,
          true_name: facts.trueName,
          phone: facts.phone,
          source: a.userInfoId === null ? 'signup' : 'member',
          decided_by: null,
          decided_at: null,
          refuse_reason: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { id, msg: SignupMsg.APPLIED }
    } catch (e) {
      // One waiting request per organisation and account (index join_request_pending).
      return rethrowUnique(e, { join_request_pending: PeopleMsg.REQUEST_PENDING }, PeopleMsg.REQUEST_PENDING)
    }
  })
}

/** The applicant's own requests, newest first, with what the sign-up page shows. */
export function myApplications(ctx: AppContext, a: Applicant): Promise<MyApplications> {
  return ctx.db.tenant(a.tenantId, async (trx) => {
    const account = await trx
      .selectFrom('account')
      .select(['user_name', 'phone'])
      .where('id', '=', a.accountId)
      .executeTakeFirstOrThrow()
    const rec = await trx
      .selectFrom('signup_record')
      .select('true_name')
      .where('account_id', '=', a.accountId)
      .executeTakeFirst()
    const live = await trx
      .selectFrom('user_info')
      .select('true_name')
      .where('account_id', '=', a.accountId)
      .where('status', '=', 0)
      .where('archived', '=', false)
      .limit(1)
      .executeTakeFirst()
    const list = await trx
      .selectFrom('join_request as j')
      .innerJoin('org_unit as o', (x) => x.onRef('o.tenant_id', '=', 'j.tenant_id').onRef('o.id', '=', 'j.org_id'))
      .where('j.account_id', '=', a.accountId)
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
    return {
      trueName: live?.true_name ?? rec?.true_name ?? account.user_name,
      phone: account.phone,
      userName: account.user_name,
      member: !!live,
      list,
    }
  })
}

/**
 * What approving a request adds besides the membership (people/join-service.ts decideJoin calls it inside its
 * transaction): a parent's binding to the named child, who must still be a live student of that school. A parent
 * who is already a parent there gets only the binding. Returns whether the membership still has to be inserted.
 */
export async function approveExtras(
  trx: Trx,
  j: Selectable<JoinRequestTable>,
): Promise<{ insertMember: boolean; bind: (parentId: number) => Promise<void> }> {
  const existing = await trx
    .selectFrom('user_info')
    .select(['id', 'user_type'])
    .where('account_id', '=', j.account_id)
    .where('org_id', '=', j.org_id)
    .executeTakeFirst()
  if (j.user_type !== UserType.PARENT || (j.child_id === null && j.child_no === null)) {
    if (existing) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    return { insertMember: true, bind: async () => {} }
  }
  if (existing && existing.user_type !== UserType.PARENT) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
  const child =
    j.child_id === null
      ? undefined
      : await trx
          .selectFrom('user_info')
          .select('id')
          .where('id', '=', j.child_id)
          .where('org_id', '=', j.org_id)
          .where('user_type', '=', UserType.STUDENT)
          .where('archived', '=', false)
          .executeTakeFirst()
  if (!child) throw refused(ErrorCode.BAD_REQUEST, SignupMsg.CHILD_GONE)
  return {
    insertMember: !existing,
    bind: async (parentId: number) => {
      await trx
        .insertInto('parent_child')
        .values({
          parent_id: existing?.id ?? parentId,
          child_id: child.id,
          ...(j.relation ? { relation: j.relation } : {}),
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
    },
  }
}

// ---- register switch and the public list of organisations ----

/** GET register/switch/query: the switch of an organisation in the caller's scope. */
export function getSwitch(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<RegisterSwitch> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, orgId)
    return { orgId, ...(await switchOf(trx, orgId)) }
  })
}

/** POST register/switch: opens or closes an organisation (in the caller's scope) to requests. */
export function setSwitch(ctx: AppContext, auth: AuthInfo, b: RegisterSwitchBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, b.orgId)
    const org = await trx
      .selectFrom('org_unit')
      .select(['name', 'org_type'])
      .where('id', '=', b.orgId)
      .executeTakeFirstOrThrow()
    if (org.org_type !== 'org') throw notFoundOrg()
    await trx
      .insertInto('org_register_switch')
      .values({ org_id: b.orgId, parent_open: b.parentOpen, teacher_open: b.teacherOpen, updated_by: auth.userInfoId })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'org_id']).doUpdateSet({
          parent_open: b.parentOpen,
          teacher_open: b.teacherOpen,
          updated_by: auth.userInfoId,
          updated_at: sql`now()`,
        }),
      )
      .execute()
    await recordOp(trx, auth, {
      module: '加入审核',
      action: '注册开关',
      target: org.name,
      detail: { parentOpen: b.parentOpen, teacherOpen: b.teacherOpen },
    })
  })
}

/** GET register/orgs (public): the tenant's enabled organisations that take at least one kind of request. */
export function registerOrgs(
  ctx: AppContext,
  tenantId: number,
  keyword: string | null | undefined,
): Promise<RegisterOrg[]> {
  return ctx.db.tenant(tenantId, async (trx) => {
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
      .where((eb) =>
        eb.or([eb('s.org_id', 'is', null), eb('s.parent_open', '=', true), eb('s.teacher_open', '=', true)]),
      )
    if (keyword) q = q.where('o.name', 'ilike', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    const rows = await q.orderBy('o.sort').orderBy('o.id').limit(500).execute()
    return (
      rows
        .map((r) => ({ orgId: r.orgId, name: r.name, school: isSchoolUnit(r.unitAttr), ...openKinds(r.unitAttr, r) }))
        // A unit that is no school and closed to teachers takes nothing (reachableOrg agrees).
        .filter((o) => o.parentOpen || o.teacherOpen)
    )
  })
}

/** GET register/tenants (public): the districts one may sign up in, for a login page opened without one. */
export function registerTenants(
  ctx: AppContext,
  platformTenantId: number,
): Promise<{ tenantId: number; name: string }[]> {
  return ctx.db.platform((trx) =>
    trx
      .selectFrom('tenant')
      .select(['id as tenantId', 'name'])
      .where('status', '=', 0)
      .where('id', '<>', platformTenantId)
      .orderBy('id')
      .limit(200)
      .execute(),
  )
}
