import { ErrorCode, Msg } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { notify, orgOfAccount } from '../../platform/notify.js'
import { hashPassword, verifyPassword } from '../../platform/password.js'
import { checkPasswordRule, passwordRuleFor } from '../../platform/password-rule.js'
import { revokeAccountSessions } from '../../platform/session.js'
import { hashToken, parseTenantToken } from '../../platform/tokens.js'
import {
  findAccount,
  findLiveResetTicket,
  findTenant,
  setPassword,
  spendResetTicket,
  voidResetTickets,
} from './queries.js'
import { accountMaySignIn } from './sign-in.js'

// A new password for an account: the tenant's rule, never the initial or the old password. The change of one's own
// password (modules/account) and the reset with a ticket (the forced reset after a login, and the SMS forgotten-password
// reset of modules/sms) both end here.

/** The rule and history checks of a new password, then its hash (slow: outside any transaction). */
export async function newPasswordHash(
  ctx: AppContext,
  tenantId: number,
  newPassword: string,
  oldHash: string,
): Promise<string> {
  const tenant = await ctx.db.tenant(tenantId, (trx) => findTenant(trx, tenantId))
  if (!tenant) throw notFound(Msg.TENANT_NOT_FOUND)
  const ruleError = checkPasswordRule(passwordRuleFor(tenant), newPassword)
  if (ruleError) throw refused(ErrorCode.PASSWORD_RULE, ruleError)
  if (newPassword === tenant.default_password) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_IS_DEFAULT)
  if (await verifyPassword(newPassword, oldHash)) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_SAME_AS_OLD)
  return hashPassword(newPassword, ctx.config.password)
}

/** Stores a new password hash; every session of the account ends. */
export async function storePassword(trx: Trx, accountId: number, hash: string, now: Date): Promise<void> {
  await setPassword(trx, accountId, hash, now)
  await revokeAccountSessions(trx, accountId, now)
}

/**
 * The forced reset after a login answered operationType 2; the ticket is single use and short-lived. A new password
 * that breaks the rule leaves the ticket usable; the ticket is spent by one conditional UPDATE in the transaction
 * that stores the password, so two uses at the same moment cannot both succeed.
 */
export async function resetWithTicket(ctx: AppContext, ticket: string, newPassword: string): Promise<void> {
  const parsed = parseTenantToken(ticket)
  if (!parsed) throw refused(ErrorCode.RESET_TICKET_INVALID, Msg.RESET_TICKET_INVALID)
  const invalid = () => refused(ErrorCode.RESET_TICKET_INVALID, Msg.RESET_TICKET_INVALID)
  const id = hashToken(ticket)
  const account = await ctx.db.tenant(parsed.tenantId, async (trx) => {
    const row = await findLiveResetTicket(trx, id, ctx.clock.now())
    return row ? findAccount(trx, row.account_id) : undefined
  })
  if (!account) throw invalid()
  const hash = await newPasswordHash(ctx, parsed.tenantId, newPassword, account.password_hash)
  const now = ctx.clock.now()
  await ctx.db.tenant(parsed.tenantId, async (trx) => {
    const spent = await spendResetTicket(trx, id, now)
    // Thrown inside the transaction, so nothing of a losing use is written.
    if (!spent) throw invalid()
    // Disabled (the account, or every membership) after the ticket was issued: the ticket no longer works.
    const current = await findAccount(trx, account.id)
    if (!current || !(await accountMaySignIn(trx, current, await findTenant(trx, parsed.tenantId))))
      throw refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
    await storePassword(trx, account.id, hash, now)
    // Any other ticket the account still holds is void too.
    await voidResetTickets(trx, account.id, now)
    const orgId = await orgOfAccount(trx, account.id)
    if (orgId)
      await notify(trx, ctx, {
        event: 'passwordReset',
        orgId,
        to: [account.id],
        values: { 重置方式: spent.reason === 'sms' ? '短信验证' : '找回密码' },
      })
  })
}
