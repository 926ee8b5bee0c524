import { LOGIN_LIMITS } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { countIpAttempt, giveBackIpAttempt } from './queries.js'

const WINDOW_MS = LOGIN_LIMITS.ipWindowMinutes * 60 * 1000

/**
 * Failed logins per client address in a fixed window; past the limit the address is refused for the window.
 * An attempt is counted here before its password is hashed (one atomic upsert), so N simultaneous attempts count as
 * N; it stays counted only if it turns out to be a wrong password. Returns false, keeping nothing, when the window's
 * allowance is used up.
 */
export async function reserveIpAttempt(ctx: AppContext, ip: string, now: Date): Promise<boolean> {
  const windowStart = new Date(+now - WINDOW_MS)
  const row = await countIpAttempt(ctx.db.kysely, ip, now, windowStart)
  if (row.failures <= LOGIN_LIMITS.ipMaxFailures) return true
  await releaseIpAttempt(ctx, ip)
  return false
}

/** Gives back a reserved attempt that was not a wrong password (a sign-in, a captcha request, a refusal). */
export async function releaseIpAttempt(ctx: AppContext, ip: string): Promise<void> {
  await giveBackIpAttempt(ctx.db.kysely, ip)
}
