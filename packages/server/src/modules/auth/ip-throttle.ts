import { LOGIN_LIMITS } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext } from '../../platform/context.js'

const WINDOW_MS = LOGIN_LIMITS.ipWindowMinutes * 60 * 1000

/** Failed logins per client address in a fixed window; past the limit the address is refused for the window. */
export async function isIpBlocked(ctx: AppContext, ip: string): Promise<boolean> {
  const row = await ctx.db.kysely.selectFrom('ip_throttle').select(['failures', 'window_started_at'])
    .where('ip', '=', ip).executeTakeFirst()
  if (!row) return false
  return +ctx.clock.now() - +row.window_started_at < WINDOW_MS && row.failures >= LOGIN_LIMITS.ipMaxFailures
}

export async function recordIpFailure(ctx: AppContext, ip: string): Promise<void> {
  const now = ctx.clock.now()
  const windowStart = new Date(+now - WINDOW_MS)
  await ctx.db.kysely.insertInto('ip_throttle').values({ ip, window_started_at: now, failures: 1 })
    .onConflict((oc) => oc.column('ip').doUpdateSet({
      failures: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN 1 ELSE ip_throttle.failures + 1 END`,
      window_started_at: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN ${now} ELSE ip_throttle.window_started_at END`,
    })).execute()
}
