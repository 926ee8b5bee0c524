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
import type { Trx } from '../../db/database.js'
import type { JoinRequestTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'
import {
  bindParentChild,
  countParentsOf,
  countPendingForChild,
  countPendingOfAccount,
  findAccountNames,
  findLiveMemberName,
  findLiveStudentInOrg,
  findMemberNameAndPhone,
  findMembershipInOrg,
  findOrgNameAndType,
  findOrgOfTenant,
  findOwnJoinRequest,
  findParentChild,
  findRegisterSwitch,
  findSignupName,
  findSignupNameAndPhone,
  insertJoinRequest,
  listEnabledTenantsExcept,
  listJoinRequestsOf,
  listRegisterOrgs,
  lockAccount,
  lockStudentByNo,
  updateJoinRequest,
  upsertRegisterSwitch,
} from './apply-queries.js'

/** Who asks: a signed-in member (a session) or a signed-up person holding a registration pass. */
export interface Applicant {
  tenantId: number
  accountId: number
  userInfoId: number | null
}

const notFoundOrg = () => notFound(SignupMsg.ORG_NOT_FOUND)

/** The register switch of an organisation; no row means both open. */
async function switchOf(trx: Trx, orgId: number): Promise<{ parentOpen: boolean; teacherOpen: boolean }> {
  const row = await findRegisterSwitch(trx, orgId)
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
  const org = await findOrgOfTenant(trx, tenantId, orgId)
  if (!org || org.status !== 0 || org.org_type !== 'org') return null
  const open = openKinds(org.unit_attr, await switchOf(trx, org.id))
  return open.parentOpen || open.teacherOpen ? { ...org, ...open } : null
}

/** The name and phone a request carries: the member's own, or those given at sign-up. */
async function applicantFacts(trx: Trx, a: Applicant): Promise<{ trueName: string; phone: string | null }> {
  if (a.userInfoId !== null) {
    const me = await findMemberNameAndPhone(trx, a.userInfoId)
    return { trueName: me.true_name, phone: me.phone }
  }
  const rec = await findSignupNameAndPhone(trx, a.accountId)
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
    await lockAccount(trx, a.accountId)
    const now = ctx.clock.now()
    let own: Selectable<JoinRequestTable> | undefined
    if (b.id != null) {
      own = await findOwnJoinRequest(trx, b.id, a.accountId)
      if (!own) throw notFound(SignupMsg.REQUEST_NOT_FOUND)
      if (own.status !== JoinStatus.PENDING) throw refused(ErrorCode.BAD_REQUEST, SignupMsg.REQUEST_DONE)
      if (b.withdraw) {
        await updateJoinRequest(trx, own.id, { status: JoinStatus.WITHDRAWN, updated_at: now, decided_at: now })
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

    const membership = await findMembershipInOrg(trx, a.accountId, org.id)
    // A parent of that school may ask again for another child; anyone else already there has nothing to ask for.
    if (membership && !(parent && membership.user_type === UserType.PARENT))
      throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)

    let childId: number | null = null
    if (parent) {
      const child = await lockStudentByNo(trx, org.id, b.childNo!)
      if (!child || child.true_name !== b.childName)
        throw refused(SignupErrorCode.CHILD_MISMATCH, SignupMsg.CHILD_MISMATCH)
      childId = child.id
      if (membership) {
        const bound = await findParentChild(trx, membership.id, child.id)
        if (bound) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_BOUND)
      }
      // Bound parents plus requests naming the child that wait (this request's own row aside).
      const bound = await countParentsOf(trx, child.id)
      const w = await countPendingForChild(trx, child.id, own?.id)
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
        await updateJoinRequest(trx, own.id, { ...values, updated_at: now })
        return { id: own.id, msg: SignupMsg.UPDATED }
      }
      const pending = await countPendingOfAccount(trx, a.accountId)
      if (Number(pending.n) >= PARENT_REGISTRATION_LIMIT.pendingPerAccount)
        throw refused(SignupErrorCode.PENDING_LIMIT, SignupMsg.PENDING_LIMIT)
      const facts = await applicantFacts(trx, a)
      const { id } = await insertJoinRequest(trx, {
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
    const account = await findAccountNames(trx, a.accountId)
    const rec = await findSignupName(trx, a.accountId)
    const live = await findLiveMemberName(trx, a.accountId)
    const list = await listJoinRequestsOf(trx, a.accountId)
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
  const existing = await findMembershipInOrg(trx, j.account_id, j.org_id)
  if (j.user_type !== UserType.PARENT || (j.child_id === null && j.child_no === null)) {
    if (existing) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    return { insertMember: true, bind: async () => {} }
  }
  if (existing && existing.user_type !== UserType.PARENT) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
  const child = j.child_id === null ? undefined : await findLiveStudentInOrg(trx, j.child_id, j.org_id)
  if (!child) throw refused(ErrorCode.BAD_REQUEST, SignupMsg.CHILD_GONE)
  return {
    insertMember: !existing,
    bind: async (parentId: number) => {
      await bindParentChild(trx, {
        parent_id: existing?.id ?? parentId,
        child_id: child.id,
        ...(j.relation ? { relation: j.relation } : {}),
      })
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
    const org = await findOrgNameAndType(trx, b.orgId)
    if (org.org_type !== 'org') throw notFoundOrg()
    await upsertRegisterSwitch(trx, b.orgId, b.parentOpen, b.teacherOpen, auth.userInfoId)
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
    const rows = await listRegisterOrgs(trx, keyword)
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
  return ctx.db.platform((trx) => listEnabledTenantsExcept(trx, platformTenantId))
}
