import { ErrorCode, TotpMsg, type TotpEnrolment, type TotpPolicy, type TotpStatus } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, refused, unauthorized } from '../../platform/errors.js'
import { findAccount } from '../auth/queries.js'
import { reauthenticate } from './check-password.js'
import { countRecoveryCodesLeft, deleteRecoveryCodes, deleteTotp, findTotp, setTenantTotpPolicy } from './queries.js'
import { confirmEnrolment, mustUseTotp, POLICY_KEY, startEnrolment, tenantRequiresTotp } from './totp-store.js'

/** The personal centre's view: enabled, required of me, recovery codes left. */
export function totpStatus(ctx: AppContext, auth: AuthInfo): Promise<TotpStatus> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await findTotp(trx, auth.accountId)
    const left = await countRecoveryCodesLeft(trx, auth.accountId)
    return {
      enabled: !!row?.enabled_at,
      required: await mustUseTotp(trx, auth.tenantId, auth.accountId),
      recoveryCodesLeft: Number(left.n),
    }
  })
}

async function run<T>(p: Promise<T | AppError>): Promise<T> {
  const out = await p
  if (out instanceof AppError) throw out
  return out
}

export function totpEnrolStart(ctx: AppContext, auth: AuthInfo): Promise<TotpEnrolment> {
  return run(
    ctx.db.tenant(auth.tenantId, async (trx) => {
      const account = await findAccount(trx, auth.accountId)
      if (!account) return unauthorized()
      return startEnrolment(ctx, trx, auth.accountId, account.user_name, ctx.clock.now())
    }),
  )
}

export function totpEnrolConfirm(ctx: AppContext, auth: AuthInfo, code: string): Promise<string[]> {
  return run(ctx.db.tenant(auth.tenantId, (trx) => confirmEnrolment(ctx, trx, auth.accountId, code, ctx.clock.now())))
}

/**
 * Turning it off needs the current password (a borrowed session alone cannot), counted like a login password
 * (reauthenticate: the 5th wrong one locks the account), and is refused while the tenant requires it of this
 * administrator.
 */
export async function totpDisable(ctx: AppContext, auth: AuthInfo, password: string): Promise<void> {
  await reauthenticate(ctx, auth, password)
  await run(
    ctx.db.tenant(auth.tenantId, async (trx) => {
      const row = await findTotp(trx, auth.accountId)
      if (!row?.enabled_at) return refused(ErrorCode.BAD_REQUEST, TotpMsg.NOT_ENABLED)
      if (await mustUseTotp(trx, auth.tenantId, auth.accountId))
        return refused(ErrorCode.BAD_REQUEST, TotpMsg.REQUIRED_CANNOT_DISABLE)
      await deleteRecoveryCodes(trx, auth.accountId)
      await deleteTotp(trx, auth.accountId)
      return null
    }),
  )
}

export function getTotpPolicy(ctx: AppContext, auth: AuthInfo): Promise<TotpPolicy> {
  return ctx.db.tenant(auth.tenantId, async (trx) => ({
    requiredForAdmins: await tenantRequiresTotp(trx, auth.tenantId),
  }))
}

/** The tenant's setting (tenant.config), written by its administrators. */
export async function setTotpPolicy(ctx: AppContext, auth: AuthInfo, p: TotpPolicy): Promise<void> {
  await ctx.db.tenant(auth.tenantId, (trx) => setTenantTotpPolicy(trx, auth.tenantId, POLICY_KEY, p.requiredForAdmins))
}
