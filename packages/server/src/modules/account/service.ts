import { AccountMsg, ErrorCode, Msg, type CurrentUserDetail, type LoginOrg } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, refused, unauthorized } from '../../platform/errors.js'
import { verifyPassword } from '../../platform/password.js'
import { loadGrants } from '../../platform/permissions.js'
import { findAccount, membershipsOf } from '../auth/queries.js'
import { newPasswordHash, storePassword } from '../auth/password-change.js'
import { alumniStanding } from '../alumni/alumni-service.js'
import { toOrgInfo } from '../organization/queries.js'
import { findCurrentUser } from './queries.js'

export async function currentUserDetail(ctx: AppContext, auth: AuthInfo): Promise<CurrentUserDetail> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await findCurrentUser(trx, auth.userInfoId, auth.accountId)
    if (!row) throw unauthorized()
    // An alumni session holds no grants: its archived membership's roles open nothing (read-only, its own page).
    const grants = auth.alumni ? { roles: [], roleNames: [], permissions: [] } : await loadGrants(trx, auth.userInfoId)
    const alumni = auth.alumni ? await alumniStanding(trx, auth) : undefined
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
      ...(alumni ? { alumni } : {}),
    }
  })
}

/** The account's orgs (001 §7.1); `openAccountId`, when sent, must be the caller's own account: never another's. */
export async function userOrgs(ctx: AppContext, auth: AuthInfo, openAccountId?: number): Promise<LoginOrg[]> {
  if (openAccountId !== undefined && openAccountId !== auth.accountId)
    throw new AppError(ErrorCode.FORBIDDEN, AccountMsg.NOT_OWN_ACCOUNT, 403)
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await membershipsOf(trx, auth.accountId)).map((o) => ({
      orgId: o.orgId,
      displayName: o.displayName,
      unitAttr: o.unitAttr,
      coreAccountId: auth.accountId,
      tenantId: auth.tenantId,
    })),
  )
}

export async function changePassword(ctx: AppContext, auth: AuthInfo, oldPwd: string, newPwd: string): Promise<void> {
  const account = await ctx.db.tenant(auth.tenantId, (trx) => findAccount(trx, auth.accountId))
  if (!account) throw unauthorized()
  if (!(await verifyPassword(oldPwd, account.password_hash)))
    throw refused(ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG)
  const hash = await newPasswordHash(ctx, auth.tenantId, newPwd, account.password_hash)
  const now = ctx.clock.now()
  await ctx.db.tenant(auth.tenantId, (trx) => storePassword(trx, auth.accountId, hash, now))
}
