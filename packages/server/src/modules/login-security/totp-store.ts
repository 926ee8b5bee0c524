import { ErrorCode, TOTP as RULES, TotpMsg } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import {
  countTotpFailure,
  deleteRecoveryCodes,
  enableTotp,
  findAdminRole,
  findTenantConfig,
  findTotp,
  insertRecoveryCodes,
  lockTotpUntil,
  resetTotpFailures,
  spendRecoveryCode,
  takeTotpStep,
  upsertPendingTotp,
} from './queries.js'
import { codeStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp.js'

/** Read from tenant.config, set on the TOTP policy call (docs/auth.md "Two-factor sign-in"). */
export const POLICY_KEY = 'totpRequiredForAdmins'

export async function tenantRequiresTotp(trx: Trx, tenantId: number): Promise<boolean> {
  const t = await findTenantConfig(trx, tenantId)
  return (t?.config as Record<string, unknown> | undefined)?.[POLICY_KEY] === true
}

/**
 * An administrator: a live membership holding the built-in admin role (own or delegated by a parent org). Account
 * wide, so an administrator cannot skip the code by signing in to another of their organisations and switching.
 */
async function isAdminAccount(trx: Trx, accountId: number): Promise<boolean> {
  const row = await findAdminRole(trx, accountId)
  return !!row
}

export async function mustUseTotp(trx: Trx, tenantId: number, accountId: number): Promise<boolean> {
  return (await tenantRequiresTotp(trx, tenantId)) && isAdminAccount(trx, accountId)
}

/** A new pending secret (replacing an unfinished one); refused while one is enabled. */
export async function startEnrolment(ctx: AppContext, trx: Trx, accountId: number, label: string, now: Date) {
  const existing = await findTotp(trx, accountId)
  if (existing?.enabled_at) return refused(ErrorCode.CONFLICT, TotpMsg.ALREADY_ENABLED)
  const secret = newTotpSecret()
  const sealed = ctx.secrets.seal(secret)
  await upsertPendingTotp(trx, accountId, sealed, now)
  return { secret, otpauthUrl: otpauthUrl(secret, label) }
}

/** The first code proves the app holds the secret: enabled, and ten recovery codes made (shown once). */
export async function confirmEnrolment(
  ctx: AppContext,
  trx: Trx,
  accountId: number,
  code: string,
  now: Date,
): Promise<string[] | AppError> {
  const row = await findTotp(trx, accountId)
  if (!row) return refused(ErrorCode.BAD_REQUEST, TotpMsg.NOT_ENROLLING)
  if (row.enabled_at) return refused(ErrorCode.CONFLICT, TotpMsg.ALREADY_ENABLED)
  const step = codeStep(ctx.secrets.open(row.secret_sealed), code, now)
  if (step === null) return refused(ErrorCode.PASSWORD_WRONG, TotpMsg.CODE_WRONG)
  await enableTotp(trx, accountId, now, step)
  return replaceRecoveryCodes(trx, accountId)
}

async function replaceRecoveryCodes(trx: Trx, accountId: number): Promise<string[]> {
  const codes = newRecoveryCodes()
  await deleteRecoveryCodes(trx, accountId)
  await insertRecoveryCodes(
    trx,
    codes.map((c) => ({ account_id: accountId, code_hash: hashRecoveryCode(c), used_at: null })),
  )
  return codes
}

export type CodeCheck = { ok: true; via: 'code' | 'recovery' } | { ok: false; reason: string; error: AppError }

/**
 * Checks a sign-in code of an enabled account. A code is accepted only for a step later than the last accepted one
 * (one conditional UPDATE, so two requests with the same code cannot both pass); a recovery code is spent the same
 * way. Wrong codes count; the 10th in a row stops code sign-in for 15 minutes. Returned, not thrown, so the caller's
 * transaction keeps the counts.
 */
export async function checkSignInCode(
  ctx: AppContext,
  trx: Trx,
  accountId: number,
  input: { code?: string; recoveryCode?: string },
  now: Date,
): Promise<CodeCheck> {
  const row = await findTotp(trx, accountId)
  if (!row?.enabled_at)
    return { ok: false, reason: 'totp not enabled', error: refused(ErrorCode.BAD_REQUEST, TotpMsg.NOT_ENABLED) }
  if (row.locked_until && row.locked_until > now)
    return { ok: false, reason: 'totp locked', error: refused(ErrorCode.ACCOUNT_LOCKED, TotpMsg.LOCKED) }
  if (input.code) {
    const step = codeStep(ctx.secrets.open(row.secret_sealed), input.code, now)
    if (step !== null) {
      const taken = await takeTotpStep(trx, accountId, step)
      if (taken) return { ok: true, via: 'code' }
      return { ok: false, reason: 'totp replay', error: refused(ErrorCode.PASSWORD_WRONG, TotpMsg.CODE_REPLAYED) }
    }
  } else if (input.recoveryCode) {
    const spent = await spendRecoveryCode(trx, accountId, hashRecoveryCode(input.recoveryCode), now)
    if (spent) {
      await resetTotpFailures(trx, accountId)
      return { ok: true, via: 'recovery' }
    }
  }
  const counted = await countTotpFailure(trx, accountId)
  if (counted.failed_count >= RULES.lockAfterFailures) {
    await lockTotpUntil(trx, accountId, new Date(+now + RULES.lockMinutes * 60_000))
    return {
      ok: false,
      reason: input.code ? 'wrong totp' : 'wrong recovery code',
      error: refused(ErrorCode.ACCOUNT_LOCKED, TotpMsg.LOCKED),
    }
  }
  return input.code
    ? { ok: false, reason: 'wrong totp', error: refused(ErrorCode.PASSWORD_WRONG, TotpMsg.CODE_WRONG) }
    : { ok: false, reason: 'wrong recovery code', error: refused(ErrorCode.PASSWORD_WRONG, TotpMsg.RECOVERY_WRONG) }
}
