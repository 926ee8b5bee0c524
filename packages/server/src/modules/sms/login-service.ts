import {
  ErrorCode,
  Msg,
  OperationType,
  SMS_LIMITS,
  SUPER_ADMIN,
  SmsErrorCode,
  SmsMsg,
  type LoginByPhoneSmsBody,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tokens.js'
import { resetWithTicket } from '../auth/password-change.js'
import { releaseIpAttempt, reserveIpAttempt } from '../auth/ip-throttle.js'
import { findAccount, findTenant, insertResetTicket, writeLoginLog } from '../auth/queries.js'
import { accountMaySignIn, admitAccount, finishSignIn, type LoginAnswer, type LoginMeta } from '../auth/sign-in.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { checkCode, sendCode, spendCode, type SmsEvent } from './codes.js'
import { accountsByPhone, findOpenStepTicket, findTenantId, spendStepTicket, tenantsWithPhone } from './queries.js'

const RESET_TTL_MS = SMS_LIMITS.resetTicketMinutes * 60 * 1000
const stepInvalid = () => refused(ErrorCode.RESET_TICKET_INVALID, '短信验证已过期，请重新登录')

/**
 * The tenant a phone is looked up in: the tenantId header (000 §7.1), else the organisation the login page was
 * opened for, else the one tenant that has an account with this phone. Null when no tenant has it; 'many' when
 * several do (a person with accounts in two districts must use the school's own login page).
 */
async function tenantForPhone(
  ctx: AppContext,
  header: number,
  orgId: number | null | undefined,
  phone: string,
): Promise<number | null | 'many'> {
  if (header > 0) {
    // A header naming no tenant is treated like an unknown phone (same answers), not as an error.
    const t = await ctx.db.platform((trx) => findTenantId(trx, header))
    return t?.id ?? null
  }
  if (orgId !== undefined && orgId !== null) return tenantIdOfOrg(ctx, orgId)
  const rows = await ctx.db.platform((trx) => tenantsWithPhone(trx, phone))
  if (rows.length > 1) return 'many'
  return rows[0]?.tenant_id ?? null
}

interface SendArgs {
  header: number
  orgId?: number | null
  phone?: string
  mustSmsId?: string
  ip: string
}

/**
 * A code for phone login, or for the SMS step of a password login (mustSmsId: to the account's own phone). An
 * unknown phone gets the same answer as a known one (the limits count, nothing is sent), so the call tells nobody
 * which numbers have accounts.
 */
export async function sendLoginCode(ctx: AppContext, a: SendArgs): Promise<void> {
  if (a.mustSmsId) {
    const step = await openStep(ctx, a.mustSmsId)
    await sendCode(ctx, {
      tenantId: step.tenantId,
      phone: step.phone,
      event: 'login',
      ip: a.ip,
      accountId: step.accountId,
    })
    return
  }
  await sendToPhone(ctx, a.header, a.orgId, a.phone!, 'login', a.ip)
}

/** forgot password: GET account/smsSendModifyPwd. */
export async function sendResetCode(
  ctx: AppContext,
  a: { header: number; orgId?: number | null; phone: string; ip: string },
): Promise<void> {
  await sendToPhone(ctx, a.header, a.orgId, a.phone, 'reset_password', a.ip)
}

async function sendToPhone(
  ctx: AppContext,
  header: number,
  orgId: number | null | undefined,
  phone: string,
  event: SmsEvent,
  ip: string,
): Promise<void> {
  const tenant = await tenantForPhone(ctx, header, orgId, phone)
  if (tenant === 'many') throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_TENANTS)
  // A phone no tenant knows is counted (and logged as skipped) in the platform tenant.
  const tenantId = tenant ?? SUPER_ADMIN.tenantId
  const accounts = tenant === null ? [] : await ctx.db.tenant(tenantId, (trx) => accountsByPhone(trx, phone))
  await sendCode(ctx, {
    tenantId,
    phone,
    event,
    ip,
    accountId: accounts.length === 1 ? accounts[0]!.id : null,
    skipDelivery: accounts.length === 0,
  })
}

/** GET login/sms/code/valid: checks a login code without using it up (wrong tries still count). */
export async function validLoginCode(
  ctx: AppContext,
  a: { header: number; orgId?: number; phone: string; smsCode: string },
): Promise<void> {
  const tenant = await tenantForPhone(ctx, a.header, a.orgId, a.phone)
  if (tenant === 'many') throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_TENANTS)
  await checkCode(ctx, {
    tenantId: tenant ?? SUPER_ADMIN.tenantId,
    phone: a.phone,
    event: 'login',
    code: a.smsCode,
    consume: false,
  })
}

/**
 * POST loginByPhoneSms. The code is checked (and spent) first, then the account; a phone without an account answers
 * exactly like a wrong code. A wrong code also counts against the client address like a wrong password (the same
 * IP window as the password login), so SMS login adds no way around the password login's limits. The account's
 * password failure count and lock are left alone: the SMS login neither clears nor bypasses them for passwords.
 * Then the same states as the password login: disabled account, archived member, choose organisation, TOTP, success.
 */
export async function loginByPhoneSms(
  ctx: AppContext,
  body: LoginByPhoneSmsBody,
  header: number,
  meta: LoginMeta,
): Promise<LoginAnswer> {
  const now = ctx.clock.now()
  if (!(await reserveIpAttempt(ctx, meta.ip, now))) throw refused(ErrorCode.IP_THROTTLED, Msg.IP_THROTTLED)
  let wrongCode = false
  try {
    return await phoneLogin(ctx, body, header, meta, now)
  } catch (e) {
    wrongCode =
      e instanceof AppError && (e.code === SmsErrorCode.CODE_WRONG || e.code === SmsErrorCode.CODE_TOO_MANY_TRIES)
    throw e
  } finally {
    if (!wrongCode) await releaseIpAttempt(ctx, meta.ip)
  }
}

async function phoneLogin(
  ctx: AppContext,
  body: LoginByPhoneSmsBody,
  header: number,
  meta: LoginMeta,
  now: Date,
): Promise<LoginAnswer> {
  let tenantId: number
  let accountId: number
  let phone: string
  let orgId = body.orgId
  const stepId = body.mustSmsId
  if (stepId) {
    const step = await openStep(ctx, stepId)
    await checkCode(ctx, {
      tenantId: step.tenantId,
      phone: step.phone,
      event: 'login',
      code: body.smsCode,
      consume: false,
    })
    tenantId = step.tenantId
    accountId = step.accountId
    phone = step.phone
    orgId = orgId ?? step.orgId
  } else {
    phone = body.phone!
    const tenant = await tenantForPhone(ctx, header, body.orgId, phone)
    if (tenant === 'many') throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_TENANTS)
    tenantId = tenant ?? SUPER_ADMIN.tenantId
    // Checked, not yet spent: see spendCode.
    await checkCode(ctx, { tenantId, phone, event: 'login', code: body.smsCode, consume: false })
    const accounts = tenant === null ? [] : await ctx.db.tenant(tenantId, (trx) => accountsByPhone(trx, phone))
    if (accounts.length === 0) throw refused(SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG)
    if (accounts.length > 1) throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_ACCOUNTS)
    accountId = accounts[0]!.id
  }
  const answer = await ctx.db.tenant(tenantId, async (trx) => {
    const account = await findAccount(trx, accountId)
    const tenant = await findTenant(trx, tenantId)
    if (!account || !tenant) return refused(SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG)
    const log = (success: boolean, reason: string) =>
      writeLoginLog(trx, {
        accountId,
        userName: account.user_name,
        ip: meta.ip,
        success,
        reason,
        at: now,
        method: 'sms',
        userAgent: meta.userAgent,
        netType: meta.netType,
      })
    const admitted = await admitAccount(trx, account, tenant, meta.limitUserType, log, now)
    const result =
      admitted instanceof AppError
        ? admitted
        : await finishSignIn(ctx, trx, now, {
            tenantId,
            accountId,
            userName: account.user_name,
            orgs: admitted,
            orgId,
            autoPickOrg: meta.autoPickOrg,
            limitUserType: meta.limitUserType,
            ip: meta.ip,
            userAgent: meta.userAgent,
            netType: meta.netType,
            method: 'sms',
          })
    // "Choose organisation" keeps the code (and the step ticket) for the call that names the organisation; any other
    // answer spends them, in this transaction: a second request with the same code finds it spent and rolls back.
    if (!(result instanceof AppError) && result.data.operationType === OperationType.CHOOSE_ORG) return result
    if (!(await spendCode(trx, phone, 'login', now))) throw refused(SmsErrorCode.CODE_USED, SmsMsg.CODE_USED)
    if (stepId) {
      const spent = await spendStepTicket(trx, hashToken(stepId), now)
      if (spent.numUpdatedRows === 0n) throw stepInvalid()
    }
    return result
  })
  if (answer instanceof AppError) throw answer
  return answer
}

async function openStep(
  ctx: AppContext,
  mustSmsId: string,
): Promise<{ tenantId: number; accountId: number; phone: string; orgId: number | null }> {
  const parsed = parseTenantToken(mustSmsId)
  if (!parsed) throw stepInvalid()
  const now = ctx.clock.now()
  const row = await ctx.db.tenant(parsed.tenantId, (trx) => findOpenStepTicket(trx, hashToken(mustSmsId), now))
  if (!row?.phone) throw stepInvalid()
  return { tenantId: parsed.tenantId, accountId: row.account_id, phone: row.phone, orgId: row.org_id }
}

// ---- forgot password (000 §7.3) ----

/**
 * POST account/smsVerifyCode: the code is spent and a reset ticket (10 minutes, single use) comes back. A phone
 * without an account answers like a wrong code; an account that may not sign in is refused (only now, after the
 * code: the send answers alike for every phone).
 */
export async function verifyResetCode(
  ctx: AppContext,
  a: { header: number; orgId?: number | null; phone: string; smsCode: string },
): Promise<string> {
  const tenant = await tenantForPhone(ctx, a.header, a.orgId, a.phone)
  if (tenant === 'many') throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_TENANTS)
  const tenantId = tenant ?? SUPER_ADMIN.tenantId
  await checkCode(ctx, { tenantId, phone: a.phone, event: 'reset_password', code: a.smsCode, consume: true })
  const accounts = tenant === null ? [] : await ctx.db.tenant(tenantId, (trx) => accountsByPhone(trx, a.phone))
  if (accounts.length === 0) throw refused(SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG)
  if (accounts.length > 1) throw refused(ErrorCode.BAD_REQUEST, SmsMsg.MANY_ACCOUNTS)
  const account = accounts[0]!
  const ticket = newTenantToken(tenantId)
  const now = ctx.clock.now()
  await ctx.db.tenant(tenantId, async (trx) => {
    // As at the login: a disabled account, and a member whose every membership was disabled or archived (that sets
    // user_info, not the account), get no ticket.
    if (!(await accountMaySignIn(trx, account, await findTenant(trx, tenantId))))
      throw refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
    await insertResetTicket(trx, {
      id: hashToken(ticket),
      account_id: account.id,
      reason: 'sms',
      expires_at: new Date(+now + RESET_TTL_MS),
    })
  })
  return ticket
}

/**
 * POST account/change/password/notLogin: the tenant's password rule, not the initial password, not the old one
 * (auth/password-change.ts resetWithTicket); the ticket is spent and every session of the account ends.
 */
export async function resetForgottenPassword(
  ctx: AppContext,
  a: { resetTicket: string; newPassword: string; confirmPassword?: string },
): Promise<void> {
  if (a.confirmPassword !== undefined && a.confirmPassword !== a.newPassword)
    throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_MISMATCH)
  await resetWithTicket(ctx, a.resetTicket, a.newPassword)
}
