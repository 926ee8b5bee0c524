import { ErrorCode, LOGIN_LIMITS, Msg, OperationType, SUPER_ADMIN, TenantMsg, type LoginByUserPwdBody, type LoginResult } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { dummyVerify, verifyPassword } from '../../platform/password.js'
import { issueSession } from '../../platform/session.js'
import { hashToken, newTenantToken } from '../../platform/tokens.js'
import { consumeCaptcha } from './captcha.js'
import { isIpBlocked, recordIpFailure } from './ip-throttle.js'
import { findAccount, findTenant, membershipsOf, writeLoginLog } from './queries.js'

export interface LoginMeta {
  ip: string
  userAgent: string | null
  /** Header limitUserType: only memberships of this user type may log in. */
  limitUserType?: number
  /** loginByUserPwdNoOrg: pick the first organisation instead of answering "choose organisation". */
  autoPickOrg: boolean
}

export interface LoginAnswer { msg: string; data: LoginResult }

const RESET_TICKET_TTL_MS = 15 * 60 * 1000
const DAY_MS = 24 * 3600 * 1000

/**
 * Password login. Every path ends in one of the spec's operationType states or a refusal with a Chinese
 * message. Password hashing runs outside any transaction so a slow hash never holds the database.
 */
export async function loginByPassword(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta): Promise<LoginAnswer> {
  const now = ctx.clock.now()
  if (await isIpBlocked(ctx, meta.ip)) throw refused(ErrorCode.IP_THROTTLED, Msg.IP_THROTTLED)

  const name = await ctx.db.kysely.selectFrom('login_name').selectAll().where('user_name', '=', body.userName).executeTakeFirst()
  if (!name || (body.loginType === 0 && name.tenant_id !== SUPER_ADMIN.tenantId)) {
    await dummyVerify(body.password, ctx.config.passwordCost)
    await recordIpFailure(ctx, meta.ip)
    await ctx.db.tenant(SUPER_ADMIN.tenantId, (trx) =>
      writeLoginLog(trx, { accountId: null, userName: body.userName, ip: meta.ip, success: false, reason: 'unknown user', at: now }))
    return failed(Msg.WRONG_CREDENTIALS)
  }
  const tenantId = name.tenant_id
  const accountId = name.account_id
  const log = (success: boolean, reason: string) => ctx.db.tenant(tenantId, (trx) =>
    writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success, reason, at: now }))

  const state = await ctx.db.tenant(tenantId, async (trx) => ({ account: await findAccount(trx, accountId), tenant: await findTenant(trx, tenantId) }))
  const { account, tenant } = state
  if (!account || !tenant) return failed(Msg.WRONG_CREDENTIALS)

  if (account.locked_until && account.locked_until > now) {
    await log(false, 'locked')
    throw refused(ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED)
  }
  if (account.failed_count >= LOGIN_LIMITS.captchaAfterFailures) {
    if (!body.checkCode) return { msg: Msg.CAPTCHA_REQUIRED, data: { operationType: OperationType.NEED_CAPTCHA } }
    if (!(await consumeCaptcha(ctx, body.checkCodeSessionId, body.checkCode))) {
      await log(false, 'bad captcha')
      return { msg: Msg.CAPTCHA_INVALID, data: { operationType: OperationType.NEED_CAPTCHA } }
    }
  }

  if (!(await verifyPassword(body.password, account.password_hash))) {
    await recordIpFailure(ctx, meta.ip)
    const failures = await ctx.db.tenant(tenantId, async (trx) => {
      const row = await trx.updateTable('account').set((eb) => ({ failed_count: eb('failed_count', '+', 1) }))
        .where('id', '=', accountId).returning('failed_count').executeTakeFirstOrThrow()
      if (row.failed_count >= LOGIN_LIMITS.lockAfterFailures) {
        await trx.updateTable('account').set({ locked_until: new Date(+now + LOGIN_LIMITS.lockMinutes * 60_000), failed_count: 0 })
          .where('id', '=', accountId).execute()
      }
      await writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success: false, reason: 'wrong password', at: now })
      return row.failed_count
    })
    if (failures >= LOGIN_LIMITS.lockAfterFailures) throw refused(ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED)
    if (failures >= LOGIN_LIMITS.captchaAfterFailures) return { msg: Msg.WRONG_CREDENTIALS, data: { operationType: OperationType.NEED_CAPTCHA } }
    return failed(Msg.WRONG_CREDENTIALS)
  }

  if (account.status !== 0) {
    await log(false, 'disabled')
    throw refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }
  if (tenant.status !== 0) {
    await log(false, 'tenant disabled')
    throw refused(ErrorCode.TENANT_DISABLED, TenantMsg.DISABLED)
  }
  // An account whose every membership is disabled or archived has nowhere to sign in to.
  const live = await ctx.db.tenant(tenantId, (trx) => membershipsOf(trx, accountId))
  const orgs = meta.limitUserType === undefined ? live : live.filter((o) => o.userType === meta.limitUserType)
  if (!live.length) {
    await log(false, 'no active membership')
    throw refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }

  const resetReason = account.must_reset || body.password === tenant.default_password ? 'default'
    : tenant.password_max_age_days > 0 && +now - +account.password_changed_at > tenant.password_max_age_days * DAY_MS ? 'expired'
      : null

  return ctx.db.tenant(tenantId, async (trx) => {
    await trx.updateTable('account').set({ failed_count: 0, locked_until: null }).where('id', '=', accountId).execute()
    if (resetReason) {
      const ticket = newTenantToken(tenantId)
      await trx.insertInto('reset_ticket').values({ id: hashToken(ticket), account_id: accountId, reason: resetReason, expires_at: new Date(+now + RESET_TICKET_TTL_MS) }).execute()
      await writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success: false, reason: `must reset (${resetReason})`, at: now })
      return { msg: resetReason === 'default' ? '当前密码为初始密码，请修改密码' : '密码已过期，请修改密码', data: { operationType: OperationType.MUST_RESET_PASSWORD, mustRstPwdId: ticket, resetReason } }
    }

    let chosen: (typeof orgs)[number] | undefined = orgs[0]
    if (body.orgId !== undefined && body.orgId !== null) {
      chosen = orgs.find((o) => o.orgId === body.orgId)
      if (!chosen) {
        await writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success: false, reason: 'not a member of org', at: now })
        throw refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
      }
    } else if (orgs.length > 1 && !meta.autoPickOrg) {
      return {
        msg: '请选择机构',
        data: {
          operationType: OperationType.CHOOSE_ORG,
          orgList: orgs.map((o) => ({ orgId: o.orgId, displayName: o.displayName, unitAttr: o.unitAttr, coreAccountId: accountId, tenantId })),
        },
      }
    }
    if (!chosen) throw refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)

    const userToken = await issueSession(trx, tenantId, now, { accountId, userInfoId: chosen.userInfoId, orgId: chosen.orgId, ip: meta.ip, userAgent: meta.userAgent })
    await writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success: true, reason: 'ok', at: now })
    return { msg: '登录成功', data: { operationType: OperationType.SUCCESS, userToken, tenantId } }
  })
}

function failed(msg: string): LoginAnswer {
  return { msg, data: { operationType: OperationType.FAILED } }
}
