import { ErrorCode, Msg, SsoErrorCode, SsoMsg, type ThirdType } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { verifyPassword } from '../../platform/password.js'
import { releaseIpAttempt, reserveIpAttempt } from '../auth/ip-throttle.js'
import { connectorConfig } from './config-service.js'
import { CONNECTORS } from './connectors.js'

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
  const link = await ctx.db.tenant(auth.tenantId, (trx) =>
    trx
      .selectFrom('third_session')
      .innerJoin('third_config', (j) =>
        j
          .onRef('third_config.tenant_id', '=', 'third_session.tenant_id')
          .onRef('third_config.id', '=', 'third_session.config_id'),
      )
      .selectAll('third_config')
      .select('third_session.id_token_sealed')
      .where('third_session.session_id', '=', auth.sessionId)
      .where('third_config.third_type', '=', 'smartEdu')
      .executeTakeFirst(),
  )
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
  const account = await ctx.db.tenant(auth.tenantId, (trx) =>
    trx.selectFrom('account').select('password_hash').where('id', '=', auth.accountId).executeTakeFirst(),
  )
  if (!account || !(await verifyPassword(b.password, account.password_hash)))
    throw refused(ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG)
  await releaseIpAttempt(ctx, ip)
  const removed = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = await trx
      .selectFrom('third_config')
      .select('id')
      .where('third_type', '=', b.thirdType)
      .executeTakeFirst()
    if (!cfg) return null
    return trx
      .deleteFrom('third_identity')
      .where('config_id', '=', cfg.id)
      .where('account_id', '=', auth.accountId)
      .returning('subject')
      .executeTakeFirst()
  })
  if (!removed)
    throw refused(SsoErrorCode.NOT_BOUND, b.thirdType === 'smartEdu' ? SsoMsg.NOT_BOUND : '当前账号未绑定该第三方账号')
}
