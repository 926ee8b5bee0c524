import { AccountMsg, ErrorCode, Msg, type CurrentUserDetail, type LoginOrg } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused, unauthorized } from '../../platform/errors.js'
import { hashPassword, verifyPassword } from '../../platform/password.js'
import { checkPasswordRule, passwordRuleFor } from '../../platform/password-rule.js'
import { loadGrants } from '../../platform/permissions.js'
import { revokeAccountSessions } from '../../platform/session.js'
import { hashToken, parseTenantToken } from '../../platform/tokens.js'
import { findAccount, findTenant, membershipsOf } from '../auth/queries.js'
import { accountMaySignIn } from '../auth/sign-in.js'
import { toOrgInfo } from '../organization/queries.js'
import { notify, orgOfAccount } from '../messages/notify.js'

export async function currentUserDetail(ctx: AppContext, auth: AuthInfo): Promise<CurrentUserDetail> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // One read for the person, account, organisation and tenant (this call runs on every page load).
    const row = await trx.selectFrom('user_info')
      .innerJoin('account', (j) => j.onRef('account.tenant_id', '=', 'user_info.tenant_id').onRef('account.id', '=', 'user_info.account_id'))
      .innerJoin('org_unit', (j) => j.onRef('org_unit.tenant_id', '=', 'user_info.tenant_id').onRef('org_unit.id', '=', 'user_info.org_id'))
      .innerJoin('tenant', 'tenant.id', 'user_info.tenant_id')
      .selectAll('org_unit')
      .select((eb) => [
        'user_info.id as userInfoId', 'user_info.true_name', 'user_info.avatar_url', 'user_info.phone as infoPhone', 'user_info.user_type',
        'account.user_name', 'account.phone as accountPhone',
        'tenant.tenant_module_type',
        eb.selectFrom('user_info as m')
          .innerJoin('org_unit as mo', (j) => j.onRef('mo.tenant_id', '=', 'm.tenant_id').onRef('mo.id', '=', 'm.org_id'))
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.account_id', '=', 'user_info.account_id').where('m.status', '=', 0).where('m.archived', '=', false).where('mo.status', '=', 0).as('orgCount'),
        eb.selectFrom('org_unit as t').select((e) => e.fn.countAll<number>().as('n')).where('t.org_type', '=', 'org').as('orgsInTenant'),
      ])
      .where('user_info.id', '=', auth.userInfoId).where('user_info.account_id', '=', auth.accountId)
      .executeTakeFirst()
    if (!row) throw unauthorized()
    const grants = await loadGrants(trx, auth.userInfoId)
    return {
      id: auth.accountId,
      userInfoId: row.userInfoId,
      openAccountId: auth.accountId,
      userName: row.user_name,
      trueName: row.true_name,
      avatarUrl: row.avatar_url,
      phoneNumber: row.infoPhone ?? row.accountPhone,
      orgId: row.id,
      orgName: row.name,
      tenantId: auth.tenantId,
      userType: row.user_type,
      roles: grants.roles,
      roleNames: grants.roleNames,
      permissions: grants.permissions,
      currentOrgData: toOrgInfo(row, { tenant_module_type: row.tenant_module_type }, Number(row.orgsInTenant) === 1),
      orgCount: Number(row.orgCount),
    }
  })
}

/** The account's orgs (001 §7.1); `openAccountId`, when sent, must be the caller's own account: never another's. */
export async function userOrgs(ctx: AppContext, auth: AuthInfo, openAccountId?: number): Promise<LoginOrg[]> {
  if (openAccountId !== undefined && openAccountId !== auth.accountId) throw new AppError(ErrorCode.FORBIDDEN, AccountMsg.NOT_OWN_ACCOUNT, 403)
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await membershipsOf(trx, auth.accountId)).map((o) => ({ orgId: o.orgId, displayName: o.displayName, unitAttr: o.unitAttr, coreAccountId: auth.accountId, tenantId: auth.tenantId })))
}

/** The rule and history checks of a new password, then its hash (slow: outside any transaction). */
async function newPasswordHash(ctx: AppContext, tenantId: number, newPassword: string, oldHash: string): Promise<string> {
  const tenant = await ctx.db.tenant(tenantId, (trx) => findTenant(trx, tenantId))
  if (!tenant) throw notFound(Msg.TENANT_NOT_FOUND)
  const ruleError = checkPasswordRule(passwordRuleFor(tenant), newPassword)
  if (ruleError) throw refused(ErrorCode.PASSWORD_RULE, ruleError)
  if (newPassword === tenant.default_password) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_IS_DEFAULT)
  if (await verifyPassword(newPassword, oldHash)) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_SAME_AS_OLD)
  return hashPassword(newPassword, ctx.config.password)
}

/** Stores a new password hash; every session of the account ends. */
async function storePassword(trx: Trx, accountId: number, hash: string, now: Date): Promise<void> {
  await trx.updateTable('account').set({ password_hash: hash, must_reset: false, password_changed_at: now, failed_count: 0, locked_until: null })
    .where('id', '=', accountId).execute()
  await revokeAccountSessions(trx, accountId, now)
}

export async function changePassword(ctx: AppContext, auth: AuthInfo, oldPwd: string, newPwd: string): Promise<void> {
  const account = await ctx.db.tenant(auth.tenantId, (trx) => findAccount(trx, auth.accountId))
  if (!account) throw unauthorized()
  if (!(await verifyPassword(oldPwd, account.password_hash))) throw refused(ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG)
  const hash = await newPasswordHash(ctx, auth.tenantId, newPwd, account.password_hash)
  const now = ctx.clock.now()
  await ctx.db.tenant(auth.tenantId, (trx) => storePassword(trx, auth.accountId, hash, now))
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
    const row = await trx.selectFrom('reset_ticket').selectAll().where('id', '=', id)
      .where('used_at', 'is', null).where('expires_at', '>', ctx.clock.now()).executeTakeFirst()
    return row ? findAccount(trx, row.account_id) : undefined
  })
  if (!account) throw invalid()
  const hash = await newPasswordHash(ctx, parsed.tenantId, newPassword, account.password_hash)
  const now = ctx.clock.now()
  await ctx.db.tenant(parsed.tenantId, async (trx) => {
    const spent = await trx.updateTable('reset_ticket').set({ used_at: now })
      .where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).returning(['account_id', 'reason']).executeTakeFirst()
    // Thrown inside the transaction, so nothing of a losing use is written.
    if (!spent) throw invalid()
    // Disabled (the account, or every membership) after the ticket was issued: the ticket no longer works.
    const current = await findAccount(trx, account.id)
    if (!current || !(await accountMaySignIn(trx, current, await findTenant(trx, parsed.tenantId)))) throw refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
    await storePassword(trx, account.id, hash, now)
    // Any other ticket the account still holds is void too.
    await trx.updateTable('reset_ticket').set({ used_at: now }).where('account_id', '=', account.id).where('used_at', 'is', null).execute()
    const orgId = await orgOfAccount(trx, account.id)
    if (orgId) await notify(trx, ctx, { event: 'passwordReset', orgId, to: [account.id], values: { 重置方式: spent.reason === 'sms' ? '短信验证' : '找回密码' } })
  })
}
