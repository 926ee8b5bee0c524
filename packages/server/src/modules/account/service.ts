import { AccountMsg, ErrorCode, Msg, type CurrentUserDetail, type LoginOrg } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, refused, unauthorized } from '../../platform/errors.js'
import { verifyPassword } from '../../platform/password.js'
import { loadGrants } from '../../platform/permissions.js'
import { findAccount, membershipsOf } from '../auth/queries.js'
import { newPasswordHash, storePassword } from '../auth/password-change.js'
import { toOrgInfo } from '../organization/queries.js'

export async function currentUserDetail(ctx: AppContext, auth: AuthInfo): Promise<CurrentUserDetail> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // One read for the person, account, organisation and tenant (this call runs on every page load).
    const row = await trx
      .selectFrom('user_info')
      .innerJoin('account', (j) =>
        j.onRef('account.tenant_id', '=', 'user_info.tenant_id').onRef('account.id', '=', 'user_info.account_id'),
      )
      .innerJoin('org_unit', (j) =>
        j.onRef('org_unit.tenant_id', '=', 'user_info.tenant_id').onRef('org_unit.id', '=', 'user_info.org_id'),
      )
      .innerJoin('tenant', 'tenant.id', 'user_info.tenant_id')
      .selectAll('org_unit')
      .select((eb) => [
        'user_info.id as userInfoId',
        'user_info.true_name',
        'user_info.avatar_url',
        'user_info.phone as infoPhone',
        'user_info.user_type',
        'account.user_name',
        'account.phone as accountPhone',
        'tenant.tenant_module_type',
        eb
          .selectFrom('user_info as m')
          .innerJoin('org_unit as mo', (j) =>
            j.onRef('mo.tenant_id', '=', 'm.tenant_id').onRef('mo.id', '=', 'm.org_id'),
          )
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.account_id', '=', 'user_info.account_id')
          .where('m.status', '=', 0)
          .where('m.archived', '=', false)
          .where('mo.status', '=', 0)
          .as('orgCount'),
        eb
          .selectFrom('org_unit as t')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('t.org_type', '=', 'org')
          .as('orgsInTenant'),
      ])
      .where('user_info.id', '=', auth.userInfoId)
      .where('user_info.account_id', '=', auth.accountId)
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
