import { ErrorCode, Msg, OperationType, SUPER_ADMIN, SignupErrorCode, TenantMsg, type LoginByUserPwdBody, type LoginMethod, type LoginResult } from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AccountTable, TenantTable } from '../../db/schema.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from '../../platform/password.js'
import { issueSession } from '../../platform/session.js'
import { hashToken, newTenantToken } from '../../platform/tokens.js'
import { admit, afterWrongPassword, forgiveUpTo, reserveAccountAttempt, reserveUnknownNameAttempt, type AttemptAnswer, type AttemptCounter, type Reservation } from './attempts.js'
import { releaseIpAttempt, reserveIpAttempt } from './ip-throttle.js'
import { membershipsOf, writeLoginLog, type Membership } from './queries.js'
import { totpChallenge } from '../login-security/totp-login.js'
import { smsStepChallenge } from '../sms/step.js'
import { awaitingMembership, registrationAnswer } from '../signup/service.js'

export interface LoginMeta {
  ip: string
  userAgent: string | null
  /** The ysNetType header: 1 intranet, 0 internet, null not sent (login log 网络). */
  netType: number | null
  /** Header limitUserType: only memberships of this user type may log in. */
  limitUserType?: number
  /** loginByUserPwdNoOrg: pick the first organisation instead of answering "choose organisation". */
  autoPickOrg: boolean
  /** Where a failed hash upgrade is reported (the request's logger); the login goes on regardless. */
  log?: { warn: (obj: object, msg: string) => void }
  /**
   * Runs in the sign-in's transaction once the password proved a live account (third/bindLogin binds a third-party
   * identity here, modules/sso); a refusal it returns is the answer, logged like the others.
   */
  onCredential?: (trx: Trx, tenantId: number, accountId: number) => Promise<AppError | null>
}

export interface LoginAnswer { msg: string; data: LoginResult }

const RESET_TICKET_TTL_MS = 15 * 60 * 1000
const DAY_MS = 24 * 3600 * 1000

/** What one attempt came to, and whether it was a wrong password (which keeps the address's count). */
interface Outcome { answer: AttemptAnswer; wrongCredentials: boolean }

/**
 * Password login. Every path ends in one of the spec's operationType states or a refusal with a Chinese
 * message. The attempt is counted for the client address and the user name before the password is hashed
 * (attempts.ts), so simultaneous attempts cannot all slip under the limits; the hash runs outside any transaction
 * so a slow hash never holds the database.
 */
export async function loginByPassword(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta): Promise<LoginAnswer> {
  const now = ctx.clock.now()
  if (!(await reserveIpAttempt(ctx, meta.ip, now))) throw refused(ErrorCode.IP_THROTTLED, Msg.IP_THROTTLED)
  let outcome: Outcome
  try {
    outcome = await attempt(ctx, body, meta, now)
  } catch (e) {
    await releaseIpAttempt(ctx, meta.ip)
    throw e
  }
  if (!outcome.wrongCredentials) await releaseIpAttempt(ctx, meta.ip)
  if (outcome.answer instanceof AppError) throw outcome.answer
  return outcome.answer
}

async function attempt(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta, now: Date): Promise<Outcome> {
  const name = await ctx.db.kysely.selectFrom('login_name').selectAll().where('user_name', '=', body.userName).executeTakeFirst()
  // loginType 0 (the super administrator's page) treats every other account's name as unknown.
  const usable = name && (body.loginType !== 0 || name.tenant_id === SUPER_ADMIN.tenantId) ? name : undefined
  const found = usable && await reserveAccountAttempt(ctx, usable.tenant_id, usable.account_id, now)
  if (!found) return unknownName(ctx, body, meta, now)

  const { account, tenant, counter, reservation } = found
  const tenantId = tenant.id
  const log = (reason: string) => ctx.db.tenant(tenantId, (trx) =>
    writeLoginLog(trx, { accountId: account.id, userName: body.userName, ip: meta.ip, success: false, reason, at: now, method: 'password', userAgent: meta.userAgent, netType: meta.netType }))
  const stopped = await stopBeforeHash(ctx, counter, reservation, body, now, log)
  if (stopped) return stopped
  if (!(await verifyPassword(body.password, account.password_hash))) {
    const answer = await afterWrongPassword(counter, reservation, now)
    await log('wrong password')
    return { answer, wrongCredentials: true }
  }
  const answer = await signIn(ctx, body, meta, now, account, tenant, reservation.slot)
  await upgradeHash(ctx, tenantId, account, body.password, meta)
  return { answer, wrongCredentials: false }
}

/**
 * The password just checked out against a hash older or weaker than the current parameters (an earlier version's
 * scrypt, or Argon2id below PASSWORD_MEMORY_KIB / PASSWORD_TIME_COST): store a new hash of it, outside the sign-in's
 * transaction (the hash is slow) and only if the stored hash is still the one that verified, so a password changed
 * meanwhile is kept. password_changed_at stays: it is the same password. A failure is logged and the login goes on.
 */
async function upgradeHash(ctx: AppContext, tenantId: number, account: Selectable<AccountTable>, password: string, meta: LoginMeta): Promise<void> {
  if (!needsRehash(account.password_hash, ctx.config.password)) return
  try {
    const hash = await hashPassword(password, ctx.config.password)
    await ctx.db.tenant(tenantId, (trx) => trx.updateTable('account').set({ password_hash: hash })
      .where('id', '=', account.id).where('password_hash', '=', account.password_hash).execute())
  } catch (e) {
    meta.log?.warn({ err: e, tenantId, accountId: account.id }, 'password hash upgrade failed; the login goes on')
  }
}

/** An unknown name costs the same hash time and follows the same count, captcha and lock as an account. */
async function unknownName(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta, now: Date): Promise<Outcome> {
  const { counter, reservation } = await reserveUnknownNameAttempt(ctx, body.userName, now)
  const log = (reason: string) => ctx.db.tenant(SUPER_ADMIN.tenantId, (trx) =>
    writeLoginLog(trx, { accountId: null, userName: body.userName, ip: meta.ip, success: false, reason, at: now, method: 'password', userAgent: meta.userAgent, netType: meta.netType }))
  const stopped = await stopBeforeHash(ctx, counter, reservation, body, now, log)
  if (stopped) return stopped
  await dummyVerify(body.password, ctx.config.password)
  const answer = await afterWrongPassword(counter, reservation, now)
  await log('unknown user')
  return { answer, wrongCredentials: true }
}

/** The locked, captcha and too-many-attempts stops of attempts.ts, for an account and an unknown name alike, logged. */
async function stopBeforeHash(ctx: AppContext, counter: AttemptCounter, reservation: Reservation, body: LoginByUserPwdBody, now: Date,
  log: (reason: string) => Promise<void>): Promise<Outcome | null> {
  const stopped = await admit(ctx, counter, reservation, body, now)
  if (!stopped) return null
  if (stopped.reason) await log(stopped.reason)
  return { answer: stopped.answer, wrongCredentials: false }
}

/**
 * The password checked out: the failures counted up to this attempt's place are forgiven (attempts.ts
 * `forgiveUpTo`), then the account's state decides the answer, all in one transaction (refusals are returned, not
 * thrown, so the reset and the login log are kept).
 */
function signIn(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta, now: Date, account: Selectable<AccountTable>, tenant: Selectable<TenantTable>, slot: number): Promise<AttemptAnswer> {
  const tenantId = tenant.id
  const accountId = account.id
  return ctx.db.tenant(tenantId, async (trx) => {
    const log = (success: boolean, reason: string) =>
      writeLoginLog(trx, { accountId, userName: body.userName, ip: meta.ip, success, reason, at: now, method: 'password', userAgent: meta.userAgent, netType: meta.netType })
    await trx.updateTable('account').set({ failed_count: forgiveUpTo(slot), locked_until: null }).where('id', '=', accountId).execute()
    const orgs = await admitAccount(trx, account, tenant, meta.limitUserType, log, now)
    if (orgs instanceof AppError) return orgs
    const hookRefusal = meta.onCredential ? await meta.onCredential(trx, tenantId, accountId) : null
    if (hookRefusal) {
      await log(false, hookRefusal.message)
      return hookRefusal
    }

    const resetReason = account.must_reset || body.password === tenant.default_password ? 'default'
      : tenant.password_max_age_days > 0 && +now - +account.password_changed_at > tenant.password_max_age_days * DAY_MS ? 'expired'
        : null
    if (resetReason) {
      const ticket = newTenantToken(tenantId)
      await trx.insertInto('reset_ticket').values({ id: hashToken(ticket), account_id: accountId, reason: resetReason, expires_at: new Date(+now + RESET_TICKET_TTL_MS) }).execute()
      await log(false, `must reset (${resetReason})`)
      return { msg: resetReason === 'default' ? '当前密码为初始密码，请修改密码' : '密码已过期，请修改密码', data: { operationType: OperationType.MUST_RESET_PASSWORD, mustRstPwdId: ticket, resetReason } }
    }

    return finishSignIn(ctx, trx, now, {
      tenantId, accountId, userName: body.userName, orgs, orgId: body.orgId, autoPickOrg: meta.autoPickOrg, limitUserType: meta.limitUserType,
      ip: meta.ip, userAgent: meta.userAgent, netType: meta.netType, method: 'password',
    })
  })
}

/**
 * The account's own state, the same for every sign-in method once its credential checked out: a disabled account or
 * tenant, or an account whose every membership is disabled or archived, is refused (and logged). Otherwise the live
 * memberships, narrowed to limitUserType when the header names one.
 */
export async function admitAccount(trx: Trx, account: Selectable<AccountTable>, tenant: Selectable<TenantTable>, limitUserType: number | undefined,
  log: (success: boolean, reason: string) => Promise<void>, now?: Date): Promise<Membership[] | AppError> {
  if (account.status !== 0) {
    await log(false, 'disabled')
    return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }
  if (tenant.status !== 0) {
    await log(false, 'tenant disabled')
    return refused(ErrorCode.TENANT_DISABLED, TenantMsg.DISABLED)
  }
  // An account whose every membership is disabled or archived has nowhere to sign in to.
  const live = await membershipsOf(trx, account.id)
  if (!live.length) {
    // A signed-up account that belongs to no organisation yet: where its requests stand (modules/signup).
    const registration = await registrationAnswer(trx, account.id, now ?? new Date())
    if (registration) {
      await log(false, 'registration pending')
      return refused(SignupErrorCode.REGISTRATION_PENDING, registration.msg, { registerToken: registration.registerToken })
    }
    await log(false, 'no active membership')
    return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }
  return limitUserType === undefined ? live : live.filter((o) => o.userType === limitUserType)
}

/**
 * Whether admitAccount would let the account in on its own state, without writing anything: enabled, its tenant
 * enabled, and a live membership — or made by sign-up and not yet a member anywhere (its sign-in answers where its
 * requests stand). Disabling or archiving a member sets user_info, not the account, so an account whose every
 * membership is disabled or archived is refused here as at the login. The forgotten-password reset asks it.
 */
export async function accountMaySignIn(trx: Trx, account: Selectable<AccountTable>, tenant: Selectable<TenantTable> | undefined): Promise<boolean> {
  if (account.status !== 0 || !tenant || tenant.status !== 0) return false
  if ((await membershipsOf(trx, account.id)).length) return true
  return awaitingMembership(trx, account.id)
}

export interface FinishSignIn {
  tenantId: number
  accountId: number
  userName: string
  /** The live memberships this sign-in may use (already narrowed to limitUserType). */
  orgs: Membership[]
  orgId?: number | null
  autoPickOrg: boolean
  limitUserType?: number
  ip: string
  userAgent: string | null
  netType: number | null
  method: LoginMethod
  /** The second factor was given already (the TOTP step itself, or a QR confirmed by a signed-in phone). */
  secondFactorDone?: boolean
}

/**
 * The end every sign-in method shares once its credential checked out and the account may sign in: the organisation
 * choice (operationType 3), the TOTP step (7) when the account has one or its tenant requires one, and the session
 * (5), each written to the login log with the method.
 */
export async function finishSignIn(ctx: AppContext, trx: Trx, now: Date, s: FinishSignIn): Promise<AttemptAnswer> {
  const { tenantId, accountId, orgs } = s
  const log = (success: boolean, reason: string) =>
    writeLoginLog(trx, { accountId, userName: s.userName, ip: s.ip, success, reason, at: now, method: s.method, userAgent: s.userAgent, netType: s.netType })
  let chosen: Membership | undefined = orgs[0]
  if (s.orgId !== undefined && s.orgId !== null) {
    chosen = orgs.find((o) => o.orgId === s.orgId)
    if (!chosen) {
      await log(false, 'not a member of org')
      return refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
    }
  } else if (orgs.length > 1 && !s.autoPickOrg) {
    return {
      msg: '请选择机构',
      data: {
        operationType: OperationType.CHOOSE_ORG,
        orgList: orgs.map((o) => ({ orgId: o.orgId, displayName: o.displayName, unitAttr: o.unitAttr, coreAccountId: accountId, tenantId })),
      },
    }
  }
  if (!chosen) return refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
  // A tenant may ask a password login for an SMS code too (operationType 6, modules/sms/login-service.ts).
  if (s.method === 'password') {
    const step = await smsStepChallenge(trx, now, { tenantId, accountId, orgId: chosen.orgId })
    if (step) {
      await log(false, 'sms step required')
      return step
    }
  }
  // After the organisation choice, so the code is asked once, for the organisation the session will be in.
  if (!s.secondFactorDone) {
    const challenge = await totpChallenge(ctx, trx, now, { ...s, orgId: chosen.orgId })
    if (challenge) {
      await log(false, challenge.data.totpEnrol ? 'totp enrol required' : 'totp required')
      return challenge
    }
  }

  const userToken = await issueSession(trx, tenantId, now, { accountId, userInfoId: chosen.userInfoId, orgId: chosen.orgId, ip: s.ip, userAgent: s.userAgent })
  await log(true, 'ok')
  return { msg: '登录成功', data: { operationType: OperationType.SUCCESS, userToken, tenantId } }
}
