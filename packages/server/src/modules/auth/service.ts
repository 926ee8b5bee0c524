import { ErrorCode, Msg, OperationType, SUPER_ADMIN, type LoginByUserPwdBody } from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { AccountTable, TenantTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { runSignOutHooks } from '../../platform/sign-out-hooks.js'
import { AppError, refused } from '../../platform/errors.js'
import { dummyVerify, hashPassword, needsRehash, verifyPassword } from '../../platform/password.js'
import { loadGrants } from '../../platform/permissions.js'
import { revokeSession } from '../../platform/session.js'
import { hashToken, newTenantToken } from '../../platform/tokens.js'
import {
  admit,
  afterWrongPassword,
  reserveAccountAttempt,
  reserveUnknownNameAttempt,
  type AttemptAnswer,
  type AttemptCounter,
  type Reservation,
} from './attempts.js'
import { releaseIpAttempt, reserveIpAttempt } from './ip-throttle.js'
import {
  findLoginName,
  forgiveAccountFailures,
  insertResetTicket,
  upgradePasswordHash,
  writeLoginLog,
} from './queries.js'
import { admitAccount, finishSignIn, type LoginAnswer, type LoginMeta } from './sign-in.js'

const RESET_TICKET_TTL_MS = 15 * 60 * 1000
const DAY_MS = 24 * 3600 * 1000

/** What one attempt came to, and whether it was a wrong password (which keeps the address's count). */
interface Outcome {
  answer: AttemptAnswer
  wrongCredentials: boolean
}

/**
 * Password login. Every path ends in one of the spec's operationType states or a refusal with a Chinese
 * message. The attempt is counted for the client address and the user name before the password is hashed
 * (attempts.ts), so simultaneous attempts cannot all slip under the limits; the hash runs outside any transaction
 * so a slow hash never holds the database.
 */
export async function loginByPassword(
  ctx: AppContext,
  body: LoginByUserPwdBody,
  meta: LoginMeta,
): Promise<LoginAnswer> {
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
  const name = await findLoginName(ctx.db.kysely, body.userName)
  // loginType 0 (the super administrator's page) treats every other account's name as unknown.
  const usable = name && (body.loginType !== 0 || name.tenant_id === SUPER_ADMIN.tenantId) ? name : undefined
  const found = usable && (await reserveAccountAttempt(ctx, usable.tenant_id, usable.account_id, now))
  if (!found) return unknownName(ctx, body, meta, now)

  const { account, tenant, counter, reservation } = found
  const tenantId = tenant.id
  const log = (reason: string) =>
    ctx.db.tenant(tenantId, (trx) =>
      writeLoginLog(trx, {
        accountId: account.id,
        userName: body.userName,
        ip: meta.ip,
        success: false,
        reason,
        at: now,
        method: 'password',
        userAgent: meta.userAgent,
        netType: meta.netType,
      }),
    )
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
async function upgradeHash(
  ctx: AppContext,
  tenantId: number,
  account: Selectable<AccountTable>,
  password: string,
  meta: LoginMeta,
): Promise<void> {
  if (!needsRehash(account.password_hash, ctx.config.password)) return
  try {
    const hash = await hashPassword(password, ctx.config.password)
    await ctx.db.tenant(tenantId, (trx) => upgradePasswordHash(trx, account.id, account.password_hash, hash))
  } catch (e) {
    meta.log?.warn({ err: e, tenantId, accountId: account.id }, 'password hash upgrade failed; the login goes on')
  }
}

/** An unknown name costs the same hash time and follows the same count, captcha and lock as an account. */
async function unknownName(ctx: AppContext, body: LoginByUserPwdBody, meta: LoginMeta, now: Date): Promise<Outcome> {
  const { counter, reservation } = await reserveUnknownNameAttempt(ctx, body.userName, now)
  const log = (reason: string) =>
    ctx.db.tenant(SUPER_ADMIN.tenantId, (trx) =>
      writeLoginLog(trx, {
        accountId: null,
        userName: body.userName,
        ip: meta.ip,
        success: false,
        reason,
        at: now,
        method: 'password',
        userAgent: meta.userAgent,
        netType: meta.netType,
      }),
    )
  const stopped = await stopBeforeHash(ctx, counter, reservation, body, now, log)
  if (stopped) return stopped
  await dummyVerify(body.password, ctx.config.password)
  const answer = await afterWrongPassword(counter, reservation, now)
  await log('unknown user')
  return { answer, wrongCredentials: true }
}

/** The locked, captcha and too-many-attempts stops of attempts.ts, for an account and an unknown name alike, logged. */
async function stopBeforeHash(
  ctx: AppContext,
  counter: AttemptCounter,
  reservation: Reservation,
  body: LoginByUserPwdBody,
  now: Date,
  log: (reason: string) => Promise<void>,
): Promise<Outcome | null> {
  const stopped = await admit(ctx, counter, reservation, body, now)
  if (!stopped) return null
  if (stopped.reason) await log(stopped.reason)
  return { answer: stopped.answer, wrongCredentials: false }
}

/**
 * The password checked out: the failures counted up to this attempt's place are forgiven (attempts.ts
 * `forgiveAccountFailures` in queries.ts), then the account's state decides the answer, all in one transaction (refusals are returned, not
 * thrown, so the reset and the login log are kept).
 */
function signIn(
  ctx: AppContext,
  body: LoginByUserPwdBody,
  meta: LoginMeta,
  now: Date,
  account: Selectable<AccountTable>,
  tenant: Selectable<TenantTable>,
  slot: number,
): Promise<AttemptAnswer> {
  const tenantId = tenant.id
  const accountId = account.id
  return ctx.db.tenant(tenantId, async (trx) => {
    const log = (success: boolean, reason: string) =>
      writeLoginLog(trx, {
        accountId,
        userName: body.userName,
        ip: meta.ip,
        success,
        reason,
        at: now,
        method: 'password',
        userAgent: meta.userAgent,
        netType: meta.netType,
      })
    await forgiveAccountFailures(trx, accountId, slot)
    const orgs = await admitAccount(trx, account, tenant, meta.limitUserType, log, now)
    if (orgs instanceof AppError) return orgs
    const hookRefusal = meta.onCredential ? await meta.onCredential(trx, tenantId, accountId) : null
    if (hookRefusal) {
      await log(false, hookRefusal.message)
      return hookRefusal
    }

    const resetReason =
      account.must_reset || body.password === tenant.default_password
        ? 'default'
        : tenant.password_max_age_days > 0 &&
            +now - +account.password_changed_at > tenant.password_max_age_days * DAY_MS
          ? 'expired'
          : null
    if (resetReason) {
      const ticket = newTenantToken(tenantId)
      await insertResetTicket(trx, {
        id: hashToken(ticket),
        account_id: accountId,
        reason: resetReason,
        expires_at: new Date(+now + RESET_TICKET_TTL_MS),
      })
      await log(false, `must reset (${resetReason})`)
      return {
        msg: resetReason === 'default' ? '当前密码为初始密码，请修改密码' : '密码已过期，请修改密码',
        data: { operationType: OperationType.MUST_RESET_PASSWORD, mustRstPwdId: ticket, resetReason },
      }
    }

    return finishSignIn(ctx, trx, now, {
      tenantId,
      accountId,
      userName: body.userName,
      orgs,
      orgId: body.orgId,
      autoPickOrg: meta.autoPickOrg,
      limitUserType: meta.limitUserType,
      ip: meta.ip,
      userAgent: meta.userAgent,
      netType: meta.netType,
      method: 'password',
    })
  })
}

/** Logout: revokes the caller's session, then ends what hangs on it in the apps (platform/sign-out-hooks.ts). */
export async function logout(ctx: AppContext, auth: AuthInfo, origin: string): Promise<void> {
  await ctx.db.tenant(auth.tenantId, (trx) => revokeSession(trx, auth.sessionId, ctx.clock.now()))
  await runSignOutHooks(ctx, auth, origin)
}

/** The permission codes the caller's grants really hold. */
export async function realPermissions(ctx: AppContext, auth: AuthInfo): Promise<string[]> {
  return (await ctx.db.tenant(auth.tenantId, (trx) => loadGrants(trx, auth.userInfoId))).permissions
}
