import { AppMsg, ErrorCode, ONCE_TOKEN_TTL_MS, type OnceTokenResponse } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import { issueSession } from '../../platform/session.js'
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tokens.js'
import { consumeOnceToken, findActiveMember, insertOnceToken } from './once-token-queries.js'

/**
 * Session hand-over to a hosted sub-application (DESIGN.md "Sub-applications", 000 §2.4, §7.2): the host asks for
 * a once-token (one minute, single use) and puts it in the frame's ?accesstoken=; the sub-app swaps it for a session
 * of its own, same account and org. The long-lived session token never travels in a URL; a once-token seen in a
 * log or a Referer is worthless after its first swap or its minute.
 */
export function issueOnceToken(ctx: AppContext, auth: AuthInfo): Promise<OnceTokenResponse> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const token = newTenantToken(auth.tenantId)
    const now = ctx.clock.now()
    await insertOnceToken(trx, {
      id: hashToken(token),
      account_id: auth.accountId,
      user_info_id: auth.userInfoId,
      org_id: auth.orgId,
      expires_at: new Date(+now + ONCE_TOKEN_TTL_MS),
    })
    return { onceToken: token, expiresInMs: ONCE_TOKEN_TTL_MS }
  })
}

const invalid = () => new AppError(ErrorCode.UNAUTHORIZED, AppMsg.ONCE_TOKEN_INVALID, 401)

/** swap/once/token: consumes the token (one UPDATE, so two racing swaps cannot both win) and issues a session. */
export async function swapOnceToken(
  ctx: AppContext,
  onceToken: string,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const parsed = parseTenantToken(onceToken)
  if (!parsed) throw invalid()
  const now = ctx.clock.now()
  return ctx.db.tenant(parsed.tenantId, async (trx) => {
    const row = await consumeOnceToken(trx, hashToken(onceToken), now)
    if (!row) throw invalid()
    // The membership must still be active: a person disabled since the token was issued gets nothing.
    const member = await findActiveMember(trx, row.user_info_id)
    if (!member) throw invalid()
    return issueSession(trx, parsed.tenantId, now, {
      accountId: Number(row.account_id),
      userInfoId: Number(row.user_info_id),
      orgId: Number(row.org_id),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
    })
  })
}
