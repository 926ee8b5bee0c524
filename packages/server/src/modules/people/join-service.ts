import {
  ErrorCode,
  maskPersonalText,
  maskRecord,
  PARENT_REGISTRATION_LIMIT,
  PeopleMsg,
  SignupErrorCode,
  SignupMsg,
  type JoinDecideBody,
  type JoinPageBody,
  type JoinRow,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { loadInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { approveExtras } from '../signup/apply-service.js'
import { pageInOrg } from './member-lists.js'
import { insertMembers, unitAttrOf } from './members.js'
import { findMembershipIn } from './member-queries.js'
import {
  countPendingJoins,
  findMemberContact,
  findOrgState,
  findPendingJoin,
  findUserName,
  insertJoinRequest,
  joinRequestRows,
  lockAccount,
  lockJoinRequest,
  setJoinDecision,
} from './join-queries.js'
import { notify } from '../../platform/notify.js'

/**
 * 加入审核: a signed-in person asks to join another org of the tenant (a teacher taking a post at a second
 * school); that org's administrators approve (a membership of the same kind is added to the account) or refuse.
 */
export function applyToJoin(ctx: AppContext, auth: AuthInfo, orgId: number, reason: string | null): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // One account's requests queue on its row, so the pending limit below holds for simultaneous requests (modules/signup).
    await lockAccount(trx, auth.accountId)
    const org = await findOrgState(trx, orgId)
    if (!org || org.status !== 0 || org.org_type !== 'org') throw notFound('机构不存在')
    const me = await findMemberContact(trx, auth.userInfoId)
    const member = await findMembershipIn(trx, auth.accountId, orgId)
    if (member) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    const pending = await findPendingJoin(trx, auth.accountId, orgId)
    if (pending) throw refused(ErrorCode.CONFLICT, PeopleMsg.REQUEST_PENDING)
    // The same pending limit as the sign-up's requests.
    const waiting = await countPendingJoins(trx, auth.accountId)
    if (Number(waiting.n) >= PARENT_REGISTRATION_LIMIT.pendingPerAccount)
      throw refused(SignupErrorCode.PENDING_LIMIT, SignupMsg.PENDING_LIMIT)
    const { id } = await insertJoinRequest(trx, {
      org_id: orgId,
      account_id: auth.accountId,
      user_type: me.user_type,
      true_name: me.true_name,
      phone: me.phone,
      reason,
      decided_by: null,
      decided_at: null,
      refuse_reason: null,
    })
    return id
  })
}

/**
 * Requests leave with the applicant's phone masked, and a login name that is a phone masked like one (issue 26
 * point 2). The child a parent names (number, name, relation) stays: it is the claim the admin decides, and the
 * approval binds exactly that child (docs/privacy.md "Masking (everywhere else)").
 */
const maskJoin = (r: JoinRow): JoinRow => ({
  ...maskRecord(r, { phone: 'phone' }),
  userName: maskPersonalText(r.userName),
})

export async function pageJoinRequests(ctx: AppContext, auth: AuthInfo, q: JoinPageBody): Promise<Page<JoinRow>> {
  const page = await pageInOrg(ctx, auth, q, (trx, orgId) => joinRequestRows(trx, orgId, q.status))
  return { ...page, list: page.list.map(maskJoin) }
}

export function decideJoin(ctx: AppContext, auth: AuthInfo, b: JoinDecideBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const j = await loadInScope(trx, auth, lockJoinRequest, b.id, '申请不存在')
    if (j.status !== 0) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.REQUEST_DONE)
    const now = ctx.clock.now()
    if (b.approve) {
      // A parent's request also binds the child it names (modules/signup, docs/auth.md).
      const extras = await approveExtras(trx, j)
      let memberId = 0
      if (extras.insertMember) {
        const acc = await findUserName(trx, j.account_id)
        ;[memberId] = (await insertMembers(
          trx,
          auth.tenantId,
          '',
          [
            {
              orgId: j.org_id,
              userType: j.user_type,
              trueName: j.true_name,
              userName: acc.user_name,
              phone: j.phone,
              accountId: j.account_id,
            },
          ],
          await unitAttrOf(trx, j.org_id),
        )) as [number]
      }
      await extras.bind(memberId)
      await notify(trx, ctx, {
        event: 'joinApproved',
        orgId: j.org_id,
        to: [j.account_id],
        values: { 学生姓名: j.child_name ?? '' },
      })
    }
    await setJoinDecision(trx, j.id, {
      status: b.approve ? 1 : 2,
      decided_by: auth.userInfoId,
      decided_at: now,
      refuse_reason: b.approve ? null : (b.refuseReason ?? null),
    })
    await recordOp(trx, auth, { module: '加入审核', action: b.approve ? '通过' : '拒绝', target: j.true_name })
  })
}
