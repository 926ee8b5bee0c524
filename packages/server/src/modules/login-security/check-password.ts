import {
  ErrorCode,
  LOGIN_LIMITS,
  Msg,
  SUPER_ADMIN,
  type CheckPasswordBody,
  type CheckPasswordResult,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused, unauthorized } from '../../platform/errors.js'
import { verifyPassword } from '../../platform/password.js'
import { checkPasswordRule, passwordRuleFor } from '../../platform/password-rule.js'
import { findTenant } from '../auth/queries.js'
import { reserveAccountAttempt } from '../auth/attempts.js'
import { tenantIdOfOrg } from '../tenant/service.js'

/**
 * POST /base/api/auth/checkPassword (000 §7.2; docs/auth.md "checkPassword"). A candidate new password against the
 * tenant's rule (signed out: the tenant of the tenantId header or ?orgId), and, signed in, the current password
 * (re-authentication). A wrong current password counts like a wrong login password (the same lock), so the call is
 * no way around the login's limits; a new password equal to the current one is checked only once that is proven.
 */
export async function checkPassword(
  ctx: AppContext,
  auth: AuthInfo | null,
  tenantHeader: number,
  b: CheckPasswordBody,
): Promise<CheckPasswordResult> {
  const tenantId =
    auth?.tenantId ??
    (tenantHeader > 0 ? tenantHeader : b.orgId !== undefined ? await tenantIdOfOrg(ctx, b.orgId) : SUPER_ADMIN.tenantId)
  if (tenantId === null) throw notFound(Msg.ORG_NOT_FOUND)
  const tenant = await ctx.db.tenant(tenantId, (trx) => findTenant(trx, tenantId))
  if (!tenant) throw notFound(Msg.TENANT_NOT_FOUND)
  const rule = passwordRuleFor(tenant)

  const currentHash = b.password !== undefined ? await reauthenticate(ctx, auth, b.password) : null

  if (b.newPassword !== undefined) {
    const broken = checkPasswordRule(rule, b.newPassword)
    if (broken) throw refused(ErrorCode.PASSWORD_RULE, broken)
    if (b.newPassword === tenant.default_password) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_IS_DEFAULT)
    if (currentHash && (await verifyPassword(b.newPassword, currentHash)))
      throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_SAME_AS_OLD)
  }
  return { rule }
}

/**
 * Re-authentication of a signed-in caller by the current password (checkPassword, turning TOTP off): counted on the
 * account like a login password before the hash, so the 5th wrong one locks the account for 15 minutes and a locked
 * account is refused even with the right password. No call that asks for the password is a way around the login's
 * limits. Returns the verified hash.
 */
export async function reauthenticate(ctx: AppContext, auth: AuthInfo | null, password: string): Promise<string> {
  if (!auth) throw unauthorized()
  const now = ctx.clock.now()
  const found = await reserveAccountAttempt(ctx, auth.tenantId, auth.accountId, now)
  if (!found) throw unauthorized()
  const { account, counter, reservation } = found
  if (reservation.lockedUntil && reservation.lockedUntil > now) {
    await counter.release()
    throw refused(ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED)
  }
  if (!(await verifyPassword(password, account.password_hash))) {
    if (reservation.slot >= LOGIN_LIMITS.lockAfterFailures) {
      await counter.lock(new Date(+now + LOGIN_LIMITS.lockMinutes * 60_000))
      throw refused(ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED)
    }
    throw refused(ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG)
  }
  await counter.release()
  return account.password_hash
}
