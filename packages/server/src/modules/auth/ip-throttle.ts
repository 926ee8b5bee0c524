import { LOGIN_LIMITS } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext } from '../../platform/context.js'

const WINDOW_MS = LOGIN_LIMITS.ipWindowMinutes * 60 * 1000

/**
 * Failed logins per client address in a fixed window; past the limit the address is refused for the window.
 * An attempt is counted here before its password is hashed (one atomic upsert), so N simultaneous attempts count as
 * N; it stays counted only if it turns out to be a wrong password. Returns false, keeping nothing, when the window's
 * allowance is used up.
 */
export async function reserveIpAttempt(ctx: AppContext, ip: string, now: Date): Promise<boolean> {
  const windowStart = new Date(+now - WINDOW_MS)
  const row = await ctx.db.kysely
    .insertInto('ip_throttle')
    .values({ ip, window_started_at: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN 1 ELSE ip_throttle.failures + 1 END`,
        window_started_at: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN ${now} ELSE ip_throttle.window_started_at END`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
  if (row.failures <= LOGIN_LIMITS.ipMaxFailures) return true
  await releaseIpAttempt(ctx, ip)
  return false
}

/** Gives back a reserved attempt that was not a wrong password (a sign-in, a captcha request, a refusal). */
export async function releaseIpAttempt(ctx: AppContext, ip: string): Promise<void> {
  await ctx.db.kysely
    .updateTable('ip_throttle')
    .set({ failures: sql`GREATEST(failures - 1, 0)` })
    .where('ip', '=', ip)
    .execute()
}
