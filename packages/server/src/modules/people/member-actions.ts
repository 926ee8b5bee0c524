import { ErrorCode, PeopleMsg, UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { assertMayActOnMembers, type Reach } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { endMemberSessions, revokeAccountSessions } from '../../platform/session.js'
import { defaultPasswordHash, memberFor } from './members.js'
import { deleteMembers, resetAccountPassword, setMembersArchived, setMemberStatusRow } from './member-queries.js'
import { notify } from '../../platform/notify.js'

/** The actions every kind of person shares: enable/disable, archive/restore, delete, reset password. */
const MODULE_OF: Record<number, string> = {
  [UserType.STAFF]: '教师管理',
  [UserType.STUDENT]: '学生管理',
  [UserType.PARENT]: '家长管理',
}

type Member = Awaited<ReturnType<typeof memberFor>>

/**
 * Loads the named members in scope (404 for any outside it), refuses the caller's own account (disabling,
 * archiving, deleting or resetting it would lock the caller out) and anyone holding a code the caller lacks.
 */
function membersFor(
  ctx: AppContext,
  auth: AuthInfo,
  ids: number[],
  userType: number,
  reach: Reach,
  run: (trx: Trx, rows: Member[]) => Promise<void>,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const rows: Member[] = []
    for (const id of new Set(ids)) rows.push(await memberFor(trx, auth, id, userType))
    if (rows.some((r) => r.account_id === auth.accountId)) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.SELF)
    await assertMayActOnMembers(trx, auth, rows, reach)
    await run(trx, rows)
  })
}

export function setMemberStatus(
  ctx: AppContext,
  auth: AuthInfo,
  userType: number,
  id: number,
  status: number,
): Promise<void> {
  return membersFor(ctx, auth, [id], userType, 'membership', async (trx, [m]) => {
    await setMemberStatusRow(trx, id, status)
    if (status !== 0) await endMemberSessions(trx, [id], ctx.clock.now())
    await recordOp(trx, auth, {
      module: MODULE_OF[userType]!,
      action: status === 0 ? '启用' : '停用',
      target: m!.true_name,
      detail: { before: { status: m!.status }, after: { status } },
    })
  })
}

export function archiveMembers(
  ctx: AppContext,
  auth: AuthInfo,
  userType: number,
  ids: number[],
  archived: boolean,
): Promise<void> {
  return membersFor(ctx, auth, ids, userType, 'membership', async (trx, rows) => {
    for (const r of rows)
      if (r.archived === archived)
        throw refused(ErrorCode.BAD_REQUEST, archived ? PeopleMsg.ARCHIVED : PeopleMsg.NOT_ARCHIVED)
    const now = ctx.clock.now()
    await setMembersArchived(
      trx,
      rows.map((r) => r.id),
      archived,
      archived ? now : null,
    )
    if (archived)
      await endMemberSessions(
        trx,
        rows.map((r) => r.id),
        now,
      )
    await recordOp(trx, auth, {
      module: MODULE_OF[userType]!,
      action: archived ? '归档' : '恢复归档',
      target: rows.map((r) => r.true_name).join('、'),
      important: archived,
    })
  })
}

export function deleteMember(ctx: AppContext, auth: AuthInfo, userType: number, id: number): Promise<void> {
  return membersFor(ctx, auth, [id], userType, 'membership', async (trx, rows) => {
    await deleteMembers(trx, [id])
    await recordOp(trx, auth, {
      module: MODULE_OF[userType]!,
      action: '删除',
      target: rows[0]!.true_name,
      detail: { jobNo: rows[0]!.job_no },
      important: true,
    })
  })
}

/**
 * Back to the tenant's initial password, to be changed at the next login; every open session of the account
 * ends. The password belongs to the account, so the guard weighs all of its memberships.
 */
export function resetMemberPassword(ctx: AppContext, auth: AuthInfo, userType: number, id: number): Promise<void> {
  return membersFor(ctx, auth, [id], userType, 'account', async (trx, rows) => {
    const m = rows[0]!
    const hash = await defaultPasswordHash(ctx, trx, auth.tenantId)
    const now = ctx.clock.now()
    await resetAccountPassword(trx, m.account_id, hash, now)
    await revokeAccountSessions(trx, m.account_id, now)
    await recordOp(trx, auth, {
      module: MODULE_OF[userType]!,
      action: '重置密码',
      target: m.true_name,
      important: true,
    })
    await notify(trx, ctx, {
      event: 'passwordReset',
      orgId: m.org_id,
      to: [m.account_id],
      values: { 重置方式: '管理员重置' },
    })
  })
}
