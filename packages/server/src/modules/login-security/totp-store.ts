import { ADMIN_ROLE, ErrorCode, TOTP as RULES, TotpMsg } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { codeStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp.js'

/** Read from tenant.config, set on the TOTP policy call (docs/auth.md "Two-factor sign-in"). */
export const POLICY_KEY = 'totpRequiredForAdmins'

export async function tenantRequiresTotp(trx: Trx, tenantId: number): Promise<boolean> {
  const t = await trx.selectFrom('tenant').select('config').where('id', '=', tenantId).executeTakeFirst()
  return (t?.config as Record<string, unknown> | undefined)?.[POLICY_KEY] === true
}

/**
 * An administrator: a live membership holding the built-in admin role (own or delegated by a parent org). Account
 * wide, so an administrator cannot skip the code by signing in to another of their organisations and switching.
 */
export async function isAdminAccount(trx: Trx, accountId: number): Promise<boolean> {
  const held = trx
    .selectFrom('user_role')
    .select(['user_role.user_info_id', 'user_role.role_id'])
    .union(trx.selectFrom('role_sub_org_user').select(['role_sub_org_user.user_info_id', 'role_sub_org_user.role_id']))
  const row = await trx
    .selectFrom(held.as('held'))
    .innerJoin('user_info', 'user_info.id', 'held.user_info_id')
    .innerJoin('role', 'role.id', 'held.role_id')
    .select('role.id')
    .where('user_info.account_id', '=', accountId)
    .where('user_info.status', '=', 0)
    .where('user_info.archived', '=', false)
    .where('role.code', '=', ADMIN_ROLE)
    .where('role.status', '=', 0)
    .limit(1)
    .executeTakeFirst()
  return !!row
}

export async function mustUseTotp(trx: Trx, tenantId: number, accountId: number): Promise<boolean> {
  return (await tenantRequiresTotp(trx, tenantId)) && isAdminAccount(trx, accountId)
}

export async function totpRow(trx: Trx, accountId: number) {
  return trx.selectFrom('account_totp').selectAll().where('account_id', '=', accountId).executeTakeFirst()
}

/** A new pending secret (replacing an unfinished one); refused while one is enabled. */
export async function startEnrolment(ctx: AppContext, trx: Trx, accountId: number, label: string, now: Date) {
  const existing = await totpRow(trx, accountId)
  if (existing?.enabled_at) return refused(ErrorCode.CONFLICT, TotpMsg.ALREADY_ENABLED)
  const secret = newTotpSecret()
  const sealed = ctx.secrets.seal(secret)
  await trx
    .insertInto('account_totp')
    .values({ account_id: accountId, secret_sealed: sealed, enabled_at: null, created_at: now, locked_until: null })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'account_id'])
        .doUpdateSet({ secret_sealed: sealed, created_at: now, failed_count: 0, locked_until: null, last_step: 0 }),
    )
    .execute()
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
  const row = await totpRow(trx, accountId)
  if (!row) return refused(ErrorCode.BAD_REQUEST, TotpMsg.NOT_ENROLLING)
  if (row.enabled_at) return refused(ErrorCode.CONFLICT, TotpMsg.ALREADY_ENABLED)
  const step = codeStep(ctx.secrets.open(row.secret_sealed), code, now)
  if (step === null) return refused(ErrorCode.PASSWORD_WRONG, TotpMsg.CODE_WRONG)
  await trx
    .updateTable('account_totp')
    .set({ enabled_at: now, last_step: step, failed_count: 0 })
    .where('account_id', '=', accountId)
    .execute()
  return replaceRecoveryCodes(trx, accountId)
}

export async function replaceRecoveryCodes(trx: Trx, accountId: number): Promise<string[]> {
  const codes = newRecoveryCodes()
  await trx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute()
  await trx
    .insertInto('account_recovery_code')
    .values(codes.map((c) => ({ account_id: accountId, code_hash: hashRecoveryCode(c), used_at: null })))
    .execute()
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
  const row = await totpRow(trx, accountId)
  if (!row?.enabled_at)
    return { ok: false, reason: 'totp not enabled', error: refused(ErrorCode.BAD_REQUEST, TotpMsg.NOT_ENABLED) }
  if (row.locked_until && row.locked_until > now)
    return { ok: false, reason: 'totp locked', error: refused(ErrorCode.ACCOUNT_LOCKED, TotpMsg.LOCKED) }
  if (input.code) {
    const step = codeStep(ctx.secrets.open(row.secret_sealed), input.code, now)
    if (step !== null) {
      const taken = await trx
        .updateTable('account_totp')
        .set({ last_step: step, failed_count: 0 })
        .where('account_id', '=', accountId)
        .where('last_step', '<', step)
        .returning('account_id')
        .executeTakeFirst()
      if (taken) return { ok: true, via: 'code' }
      return { ok: false, reason: 'totp replay', error: refused(ErrorCode.PASSWORD_WRONG, TotpMsg.CODE_REPLAYED) }
    }
  } else if (input.recoveryCode) {
    const spent = await trx
      .updateTable('account_recovery_code')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('code_hash', '=', hashRecoveryCode(input.recoveryCode))
      .where('used_at', 'is', null)
      .returning('account_id')
      .executeTakeFirst()
    if (spent) {
      await trx.updateTable('account_totp').set({ failed_count: 0 }).where('account_id', '=', accountId).execute()
      return { ok: true, via: 'recovery' }
    }
  }
  const counted = await trx
    .updateTable('account_totp')
    .set({ failed_count: sql<number>`failed_count + 1` })
    .where('account_id', '=', accountId)
    .returning('failed_count')
    .executeTakeFirstOrThrow()
  if (counted.failed_count >= RULES.lockAfterFailures) {
    await trx
      .updateTable('account_totp')
      .set({ failed_count: 0, locked_until: new Date(+now + RULES.lockMinutes * 60_000) })
      .where('account_id', '=', accountId)
      .execute()
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
