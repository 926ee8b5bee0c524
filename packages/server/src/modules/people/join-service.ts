import {
  ErrorCode,
  PARENT_REGISTRATION_LIMIT,
  PeopleMsg,
  SignupErrorCode,
  SignupMsg,
  type JoinDecideBody,
  type JoinPageBody,
  type JoinRow,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { approveExtras } from '../signup/apply-service.js'
import { pageInOrg } from './member-lists.js'
import { insertMembers, unitAttrOf } from './members.js'
import { notify } from '../../platform/notify.js'

/**
 * 加入审核: a signed-in person asks to join another org of the tenant (a teacher taking a post at a second
 * school); that org's administrators approve (a membership of the same kind is added to the account) or refuse.
 */
export function applyToJoin(ctx: AppContext, auth: AuthInfo, orgId: number, reason: string | null): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // One account's requests queue on its row, so the pending limit below holds for simultaneous requests (modules/signup).
    await trx.selectFrom('account').select('id').where('id', '=', auth.accountId).forUpdate().executeTakeFirstOrThrow()
    const org = await trx
      .selectFrom('org_unit')
      .select(['id', 'status', 'org_type'])
      .where('id', '=', orgId)
      .executeTakeFirst()
    if (!org || org.status !== 0 || org.org_type !== 'org') throw notFound('机构不存在')
    const me = await trx
      .selectFrom('user_info')
      .select(['true_name', 'phone', 'user_type'])
      .where('id', '=', auth.userInfoId)
      .executeTakeFirstOrThrow()
    const member = await trx
      .selectFrom('user_info')
      .select('id')
      .where('account_id', '=', auth.accountId)
      .where('org_id', '=', orgId)
      .executeTakeFirst()
    if (member) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    const pending = await trx
      .selectFrom('join_request')
      .select('id')
      .where('account_id', '=', auth.accountId)
      .where('org_id', '=', orgId)
      .where('status', '=', 0)
      .executeTakeFirst()
    if (pending) throw refused(ErrorCode.CONFLICT, PeopleMsg.REQUEST_PENDING)
    // The same pending limit as the sign-up's requests.
    const waiting = await trx
      .selectFrom('join_request')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', auth.accountId)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow()
    if (Number(waiting.n) >= PARENT_REGISTRATION_LIMIT.pendingPerAccount)
      throw refused(SignupErrorCode.PENDING_LIMIT, SignupMsg.PENDING_LIMIT)
    const { id } = await trx
      .insertInto('join_request')
      .values({
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
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  })
}

export function pageJoinRequests(ctx: AppContext, auth: AuthInfo, q: JoinPageBody): Promise<Page<JoinRow>> {
  return pageInOrg(ctx, auth, q, (trx, orgId) => {
    let rows = trx
      .selectFrom('join_request as j')
      .innerJoin('org_unit as o', (x) => x.onRef('o.tenant_id', '=', 'j.tenant_id').onRef('o.id', '=', 'j.org_id'))
      .innerJoin('account as a', (x) => x.onRef('a.tenant_id', '=', 'j.tenant_id').onRef('a.id', '=', 'j.account_id'))
      .where('j.org_id', '=', orgId)
      .select([
        'j.id',
        'j.org_id as orgId',
        'o.name as orgName',
        'j.true_name as trueName',
        'j.phone',
        'a.user_name as userName',
        'j.reason',
        'j.status',
        'j.refuse_reason as refuseReason',
        'j.user_type as userType',
        'j.child_no as childNo',
        'j.child_name as childName',
        'j.relation',
        'j.source',
        sql<string>`to_char(j.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
        sql<string | null>`to_char(j.decided_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('decidedAt'),
      ])
    if (q.status != null) rows = rows.where('j.status', '=', q.status)
    return rows.orderBy('j.id', 'desc')
  })
}

export function decideJoin(ctx: AppContext, auth: AuthInfo, b: JoinDecideBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const j = await trx.selectFrom('join_request').selectAll().where('id', '=', b.id).forUpdate().executeTakeFirst()
    if (!j) throw notFound('申请不存在')
    await assertInScope(trx, auth, j.org_id)
    if (j.status !== 0) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.REQUEST_DONE)
    const now = ctx.clock.now()
    if (b.approve) {
      // A parent's request also binds the child it names (modules/signup, docs/auth.md).
      const extras = await approveExtras(trx, j)
      let memberId = 0
      if (extras.insertMember) {
        const acc = await trx
          .selectFrom('account')
          .select('user_name')
          .where('id', '=', j.account_id)
          .executeTakeFirstOrThrow()
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
    await trx
      .updateTable('join_request')
      .set({
        status: b.approve ? 1 : 2,
        decided_by: auth.userInfoId,
        decided_at: now,
        refuse_reason: b.approve ? null : (b.refuseReason ?? null),
      })
      .where('id', '=', j.id)
      .execute()
    await recordOp(trx, auth, { module: '加入审核', action: b.approve ? '通过' : '拒绝', target: j.true_name })
  })
}
