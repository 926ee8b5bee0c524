import { createHash } from 'node:crypto'
import { ErrorCode, LOGIN_LIMITS, Msg, OperationType, type LoginByUserPwdBody, type LoginResult } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { consumeCaptcha } from './captcha.js'
import {
  countAccountAttempt,
  countUnknownNameAttempt,
  deleteUnknownNameAttemptsBefore,
  findTenant,
  giveBackAccountAttempt,
  giveBackUnknownNameAttempt,
  lockAccount,
  lockUnknownName,
} from './queries.js'

/**
 * Per-name login attempt counts (docs/auth.md "Brute force"). An attempt is counted by one atomic UPDATE before its
 * password is hashed, as if it had failed; a sign-in resets the count and an attempt stopped before the hash gives
 * its count back. So N simultaneous attempts hold N places, and at most the allowed number reach the hash. An
 * account keeps its count on its row; an unknown user name in `unknown_name_attempt`, with the same rule, so the
 * answers never tell which names exist.
 */
export interface Reservation {
  /** This attempt's place among the consecutive failures, itself included (1 = the first). */
  slot: number
  lockedUntil: Date | null
}

export interface AttemptCounter {
  /** The attempt did not reach the hash: its place is given back. */
  release(): Promise<void>
  /** The 5th failure: locked for 15 minutes, the count starts again afterwards. */
  lock(until: Date): Promise<void>
}

const DAY_MS = 24 * 3600 * 1000

/** A count idle since before this starts over (LOGIN_LIMITS.failuresKeptDays). */
const forgetBefore = (now: Date) => new Date(+now - LOGIN_LIMITS.failuresKeptDays * DAY_MS)

/** Counts an attempt on an account and reads the account and its tenant in the same transaction; undefined if gone. */
export async function reserveAccountAttempt(ctx: AppContext, tenantId: number, accountId: number, now: Date) {
  const found = await ctx.db.tenant(tenantId, async (trx) => {
    const account = await countAccountAttempt(trx, accountId, now, forgetBefore(now))
    return account && { account, tenant: await findTenant(trx, tenantId) }
  })
  if (!found?.tenant) return undefined
  const { account, tenant } = found
  const counter: AttemptCounter = {
    release: () => ctx.db.tenant(tenantId, (trx) => giveBackAccountAttempt(trx, accountId)),
    lock: (until) => ctx.db.tenant(tenantId, (trx) => lockAccount(trx, accountId, until)),
  }
  const reservation: Reservation = { slot: account.failed_count, lockedUntil: account.locked_until }
  return { account, tenant, counter, reservation }
}

/** Counts an attempt on a user name that has no account (or may not use this login page). */
export async function reserveUnknownNameAttempt(ctx: AppContext, userName: string, now: Date) {
  const key = createHash('sha256').update(userName).digest('base64url')
  const k = ctx.db.kysely
  await deleteUnknownNameAttemptsBefore(k, forgetBefore(now))
  const row = await countUnknownNameAttempt(k, key, now, forgetBefore(now))
  const counter: AttemptCounter = {
    release: () => giveBackUnknownNameAttempt(k, key),
    lock: (until) => lockUnknownName(k, key, until),
  }
  const reservation: Reservation = { slot: row.failed_count, lockedUntil: row.locked_until }
  return { counter, reservation }
}

/** An attempt's answer: the envelope's data, or a refusal with its own code. */
export type AttemptAnswer = { msg: string; data: LoginResult } | AppError

/** Why an attempt stopped before the hash (for the login log) and what it answers. */
export interface Stopped {
  reason: string | null
  answer: AttemptAnswer
}

const needCaptcha = (msg: string): AttemptAnswer => ({ msg, data: { operationType: OperationType.NEED_CAPTCHA } })
const locked = () => refused(ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED)

/**
 * May this reserved attempt reach the hash? Locked: no (nothing was counted). From the 4th place on it needs a
 * fresh image code (single use); past the 5th place the attempts before it, failed or still in flight, have used up
 * what is allowed before the lock, so it is refused like a locked account. A stopped attempt gives its place back.
 */
export async function admit(
  ctx: AppContext,
  counter: AttemptCounter,
  r: Reservation,
  body: LoginByUserPwdBody,
  now: Date,
): Promise<Stopped | null> {
  if (r.lockedUntil && r.lockedUntil > now) return { reason: 'locked', answer: locked() }
  if (r.slot <= LOGIN_LIMITS.captchaAfterFailures) return null
  let stopped: Stopped | null = null
  if (!body.checkCode) stopped = { reason: null, answer: needCaptcha(Msg.CAPTCHA_REQUIRED) }
  else if (!(await consumeCaptcha(ctx, body.checkCodeSessionId, body.checkCode)))
    stopped = { reason: 'bad captcha', answer: needCaptcha(Msg.CAPTCHA_INVALID) }
  else if (r.slot > LOGIN_LIMITS.lockAfterFailures) stopped = { reason: 'too many attempts', answer: locked() }
  if (stopped) await counter.release()
  return stopped
}

/** A wrong password keeps its place as a failure: the 3rd asks for the image code, the 5th locks for 15 minutes. */
export async function afterWrongPassword(counter: AttemptCounter, r: Reservation, now: Date): Promise<AttemptAnswer> {
  if (r.slot >= LOGIN_LIMITS.lockAfterFailures) {
    await counter.lock(new Date(+now + LOGIN_LIMITS.lockMinutes * 60_000))
    return locked()
  }
  if (r.slot >= LOGIN_LIMITS.captchaAfterFailures) return needCaptcha(Msg.WRONG_CREDENTIALS)
  return { msg: Msg.WRONG_CREDENTIALS, data: { operationType: OperationType.FAILED } }
}
