import { ErrorCode, Msg, SsoErrorCode, SsoMsg, type ThirdType } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { verifyPassword } from '../../platform/password.js'
import { releaseIpAttempt, reserveIpAttempt } from '../auth/ip-throttle.js'
import { connectorConfig } from './config-service.js'
import { CONNECTORS } from './connectors.js'
import { deleteIdentity, findAccountPasswordHash, findConfigIdByType, findSessionProvider } from './queries.js'

/**
 * third/querySmartEduLogoutUrl: a session that came through the smart-education platform ends there too (000 §4,
 * the logout destination), with the ID token as hint and the portal's login page to come back to. Any other
 * session answers null and the web app goes to its own destination.
 */
export async function smartEduLogoutUrl(
  ctx: AppContext,
  auth: AuthInfo,
  redirectUrl: string | null,
): Promise<string | null> {
  const link = await ctx.db.tenant(auth.tenantId, (trx) => findSessionProvider(trx, auth.sessionId, 'smartEdu'))
  if (!link) return null
  const cfg = connectorConfig(ctx, auth.tenantId, link)
  const idToken = link.id_token_sealed ? ctx.secrets.open(link.id_token_sealed) : null
  return CONNECTORS.smartEdu.logoutUrl(cfg, { idToken, postLogoutRedirectUri: redirectUrl }).catch(() => null)
}

/**
 * smartEdu/unbindByPwd: the signed-in person removes their binding after giving their password again. Wrong
 * passwords count against the client address like sign-in attempts (auth/ip-throttle.ts).
 */
export async function unbindByPassword(
  ctx: AppContext,
  auth: AuthInfo,
  b: { password: string; thirdType: ThirdType },
  ip: string,
): Promise<void> {
  const now = ctx.clock.now()
  if (!(await reserveIpAttempt(ctx, ip, now))) throw refused(ErrorCode.IP_THROTTLED, Msg.IP_THROTTLED)
  const account = await ctx.db.tenant(auth.tenantId, (trx) => findAccountPasswordHash(trx, auth.accountId))
  if (!account || !(await verifyPassword(b.password, account.password_hash)))
    throw refused(ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG)
  await releaseIpAttempt(ctx, ip)
  const removed = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = await findConfigIdByType(trx, b.thirdType)
    if (!cfg) return null
    return deleteIdentity(trx, cfg.id, auth.accountId)
  })
  if (!removed)
    throw refused(SsoErrorCode.NOT_BOUND, b.thirdType === 'smartEdu' ? SsoMsg.NOT_BOUND : '当前账号未绑定该第三方账号')
}
