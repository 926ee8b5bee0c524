import { SMS_LIMITS, SmsErrorCode, SmsMsg } from '@zhixiao/shared'
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import {
  countIpSend,
  findLatestCodeId,
  findPhoneQuota,
  insertSmsCode,
  lockLatestCode,
  markCodeUsed,
  setCodeTries,
  spendUnusedCode,
  takePhoneAllowance,
} from './queries.js'
import { deliverCode } from './sender.js'

export type SmsEvent = 'login' | 'signup' | 'reset_password' | 'bind_phone'

const TTL_MS = SMS_LIMITS.codeTtlMinutes * 60 * 1000
const RESEND_MS = SMS_LIMITS.resendSeconds * 1000
const IP_WINDOW_MS = 3600 * 1000
/** Days are counted in China Standard Time (UTC+8, no daylight saving): the daily limit resets at local midnight. */
const CST_OFFSET_MS = 8 * 3600 * 1000

export interface SendCodeArgs {
  tenantId: number
  phone: string
  event: SmsEvent
  ip: string
  /** Who the phone belongs to, for the SMS log's "who" column. */
  accountId?: number | null
  /**
   * The phone belongs to no account the flow may serve (login, forgot password): the limits are counted and the
   * answer is the same as for a known phone, so phones cannot be enumerated, but nothing is sent (the log keeps a
   * "skipped" row) — an unknown number is neither charged for nor bothered.
   */
  skipDelivery?: boolean
}

/**
 * Sends a 6-digit code to phone for event in tenant (limits: one per phone per 60 s, ≤10 per phone per day, per
 * client address limits); throws AppError (refused(...)) with a Chinese message on refusal.
 */
export async function sendCode(ctx: AppContext, a: SendCodeArgs): Promise<void> {
  const now = ctx.clock.now()
  const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, '0')
  const salt = randomBytes(16).toString('base64url')
  const codeId = await ctx.db.tenant(a.tenantId, async (trx) => {
    const day = new Date(+now + CST_OFFSET_MS).toISOString().slice(0, 10)
    // One statement takes the phone's allowance: the row lock of the upsert makes simultaneous sends queue, so two
    // requests in the same second cannot both pass the 60 s rule. No row back means the allowance is used up.
    const taken = await takePhoneAllowance(trx, {
      phone: a.phone,
      day,
      now,
      resendBefore: new Date(+now - RESEND_MS),
      perDay: SMS_LIMITS.perPhonePerDay,
    })
    if (!taken) {
      const row = await findPhoneQuota(trx, a.phone)
      if (+row.last_sent_at > +now - RESEND_MS) throw refused(SmsErrorCode.SEND_TOO_OFTEN, SmsMsg.SEND_TOO_OFTEN)
      throw refused(SmsErrorCode.SEND_DAY_LIMIT, SmsMsg.SEND_DAY_LIMIT)
    }
    // The address's hourly window, in the same transaction: a refusal here gives the phone's allowance back.
    const windowStart = new Date(+now - IP_WINDOW_MS)
    const ip = await countIpSend(trx, a.ip, now, windowStart)
    if (ip.sent > SMS_LIMITS.perIpPerHour) throw refused(SmsErrorCode.SEND_IP_LIMIT, SmsMsg.SEND_IP_LIMIT)
    const row = await insertSmsCode(trx, {
      phone: a.phone,
      event: a.event,
      code_hash: hashCode(salt, a.tenantId, a.phone, a.event, code),
      salt,
      created_at: now,
      expires_at: new Date(+now + TTL_MS),
    })
    return row.id
  })
  // The provider is called outside the transaction (an HTTP round trip must not hold the database).
  const delivered = await deliverCode(ctx, {
    tenantId: a.tenantId,
    phone: a.phone,
    event: a.event,
    code,
    ip: a.ip,
    accountId: a.accountId ?? null,
    skip: a.skipDelivery ?? false,
  })
  if (!delivered.ok) {
    // A code nobody received must not stay usable; the allowance stays taken so a failing provider is not hammered.
    await ctx.db.tenant(a.tenantId, (trx) => markCodeUsed(trx, codeId, now))
    throw delivered.error
  }
}

export interface CheckCodeArgs {
  tenantId: number
  phone: string
  event: SmsEvent
  code: string
  consume: boolean
}

/**
 * Checks a code (5 minutes, single use when consume is true, at most 5 wrong tries then the code is dead); throws
 * AppError with a Chinese message when wrong/expired/used/too many tries. Only the phone's latest code for the event
 * counts: sending a new one retires the older ones.
 */
export async function checkCode(ctx: AppContext, a: CheckCodeArgs): Promise<void> {
  const now = ctx.clock.now()
  // Refusals are returned from the transaction, not thrown, so a wrong try's count is kept.
  const refusal = await ctx.db.tenant(a.tenantId, async (trx): Promise<AppError | null> => {
    const row = await lockLatestCode(trx, a.phone, a.event)
    if (!row) return refused(SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG)
    if (row.used_at) return refused(SmsErrorCode.CODE_USED, SmsMsg.CODE_USED)
    if (row.tries >= SMS_LIMITS.maxWrongTries)
      return refused(SmsErrorCode.CODE_TOO_MANY_TRIES, SmsMsg.CODE_TOO_MANY_TRIES)
    if (+row.expires_at <= +now) return refused(SmsErrorCode.CODE_EXPIRED, SmsMsg.CODE_EXPIRED)
    if (!sameHash(row.code_hash, hashCode(row.salt, a.tenantId, a.phone, a.event, a.code))) {
      const tries = row.tries + 1
      await setCodeTries(trx, row.id, tries)
      return tries >= SMS_LIMITS.maxWrongTries
        ? refused(SmsErrorCode.CODE_TOO_MANY_TRIES, SmsMsg.CODE_TOO_MANY_TRIES)
        : refused(SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG)
    }
    if (a.consume) await markCodeUsed(trx, row.id, now)
    return null
  })
  if (refusal) throw refusal
}

/**
 * Salted SHA-256: a copy of the table does not show the codes. Six digits are a small space, so the hash alone would
 * not stop an offline search; what bounds that is the code's 5-minute life and single use.
 */
function hashCode(salt: string, tenantId: number, phone: string, event: string, code: string): string {
  return createHash('sha256').update(`${salt}:${tenantId}:${phone}:${event}:${code}`).digest('base64url')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Spends the phone's latest live code for event inside the caller's transaction, after checkCode({ consume: false })
 * passed: a sign-in that first answers "choose organisation" keeps the code for its second call, and only the call
 * that issues a session spends it. False when another request spent it meanwhile (the caller then refuses and
 * rolls back).
 */
export async function spendCode(trx: Trx, phone: string, event: SmsEvent, now: Date): Promise<boolean> {
  const latest = await findLatestCodeId(trx, phone, event)
  if (!latest) return false
  const r = await spendUnusedCode(trx, latest.id, now)
  return r.numUpdatedRows > 0n
}
