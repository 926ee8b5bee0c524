import { SESSION_TTL_MS } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../db/database.js'
import type { AppContext, AuthInfo } from './context.js'
import { hashToken, newTenantToken, parseTenantToken } from './tokens.js'

/** Refresh last_used_at at most this often, so a busy client does not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000

export interface NewSession {
  accountId: number
  userInfoId: number
  orgId: number
  ip?: string | null
  userAgent?: string | null
  /** A graduate's read-only session during the alumni period (modules/auth/sign-in.ts). */
  alumni?: boolean
}

export async function issueSession(trx: Trx, tenantId: number, now: Date, s: NewSession): Promise<string> {
  const token = newTenantToken(tenantId)
  await trx
    .insertInto('session')
    .values({
      id: hashToken(token),
      account_id: s.accountId,
      user_info_id: s.userInfoId,
      org_id: s.orgId,
      created_at: now,
      expires_at: new Date(+now + SESSION_TTL_MS),
      last_used_at: now,
      ip: s.ip ?? null,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
      alumni: s.alumni ?? false,
    })
    .execute()
  return token
}

export async function resolveSession(ctx: AppContext, token: string): Promise<AuthInfo | null> {
  const parsed = parseTenantToken(token)
  if (!parsed) return null
  const id = hashToken(token)
  const now = ctx.clock.now()
  // One statement (see migration 202611230120): it runs as zx_app inside the token's tenant, like Db.tenant.
  const { rows } = await sql<{
    account_id: number
    user_info_id: number
    org_id: number
    last_used_at: Date
    alumni: boolean
  }>`
    SELECT * FROM zx_resolve_session(${parsed.tenantId}, ${id}, ${now})`.execute(ctx.db.kysely)
  const row = rows[0]
  if (!row) return null
  if (+now - +new Date(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await ctx.db.tenant(parsed.tenantId, (trx) =>
      trx.updateTable('session').set({ last_used_at: now }).where('id', '=', id).execute(),
    )
  }
  return {
    sessionId: id,
    tenantId: parsed.tenantId,
    accountId: Number(row.account_id),
    userInfoId: Number(row.user_info_id),
    orgId: Number(row.org_id),
    ...(row.alumni ? { alumni: true } : {}),
  }
}

export async function revokeSession(trx: Trx, sessionId: string, now: Date): Promise<void> {
  await trx
    .updateTable('session')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function revokeAccountSessions(trx: Trx, accountId: number, now: Date): Promise<void> {
  await trx
    .updateTable('session')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute()
}

/** Ends the sessions opened through these memberships (disabled, archived or deleted people are out at once; graduates
 * too, modules/alumni). */
export async function endMemberSessions(trx: Trx, ids: number[], now: Date): Promise<void> {
  if (ids.length)
    await trx
      .updateTable('session')
      .set({ revoked_at: now })
      .where('user_info_id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute()
}
