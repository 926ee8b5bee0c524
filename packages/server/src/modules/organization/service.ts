import {
  ADMIN_ROLE,
  ErrorCode,
  Msg,
  maskPhone,
  type BindOrg,
  type OrgInfo,
  type OrgManager,
  type OrgPublicInfo,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { forbidden, notFound, refused } from '../../platform/errors.js'
import { isVisibleOrg } from '../../platform/org-scope.js'
import { issueSession, revokeSession } from '../../platform/session.js'
import { findTenant, membershipsOf } from '../auth/queries.js'
import { findOrg, findOrgId, findPublicOrg, isSingleOrgTenant, listOrgRoleHolders, toOrgInfo } from './queries.js'

export async function orgInfo(ctx: AppContext, auth: AuthInfo, orgId: number = auth.orgId): Promise<OrgInfo> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await findOrg(trx, orgId)
    const tenant = await findTenant(trx, auth.tenantId)
    if (!org || !tenant || !(await isVisibleOrg(trx, auth, orgId))) throw notFound(Msg.ORG_NOT_FOUND)
    return toOrgInfo(org, tenant, await isSingleOrgTenant(trx))
  })
}

/** Signed-out view of an organisation, for a login page opened with ?orgId=. Only public fields. */
export async function orgPublicInfo(ctx: AppContext, orgId: number): Promise<OrgPublicInfo> {
  const row = await ctx.db.platform((trx) => findPublicOrg(trx, orgId))
  if (!row) throw notFound(Msg.ORG_NOT_FOUND)
  return {
    orgId: row.id,
    displayName: row.name,
    unitAttr: row.unit_attr,
    iconUrl: row.icon_url,
    tenantId: row.tenant_id,
    tenantName: row.tenantName,
  }
}

/** Switches the session to another organisation of the same account: a new token, the old one revoked. */
export async function changeOrg(
  ctx: AppContext,
  auth: AuthInfo,
  newOrgId: number,
  accountId?: number,
): Promise<string> {
  if (accountId !== undefined && accountId !== auth.accountId) throw forbidden()
  const now = ctx.clock.now()
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgs = await membershipsOf(trx, auth.accountId)
    if (orgs.length < 2 && orgs[0]?.orgId === newOrgId) throw refused(ErrorCode.ORG_NOT_MEMBER, Msg.ONLY_ONE_ORG)
    const target = orgs.find((o) => o.orgId === newOrgId)
    if (!target) throw refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
    const token = await issueSession(trx, auth.tenantId, now, {
      accountId: auth.accountId,
      userInfoId: target.userInfoId,
      orgId: target.orgId,
    })
    await revokeSession(trx, auth.sessionId, now)
    return token
  })
}

/** organizationUnit/getBindOrg: the orgs the caller's account is bound to (enabled memberships), the session's marked. */
export function bindOrgs(ctx: AppContext, auth: AuthInfo): Promise<BindOrg[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await membershipsOf(trx, auth.accountId)).map((m) => ({
      orgId: m.orgId,
      orgName: m.displayName,
      unitAttr: m.unitAttr,
      userInfoId: m.userInfoId,
      userType: m.userType,
      current: m.userInfoId === auth.userInfoId,
    })),
  )
}

/**
 * organizationUnit/get/manager: the administrators (enabled members holding the admin role) of an org the caller may
 * see (the session org by default). Phones masked by the field policy (issue 26 point 2), whatever the org: only the
 * caller's own line shows their own phone in full.
 */
export function orgManagers(ctx: AppContext, auth: AuthInfo, orgId: number = auth.orgId): Promise<OrgManager[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await findOrgId(trx, orgId)
    if (!org || !(await isVisibleOrg(trx, auth, orgId))) throw notFound(Msg.ORG_NOT_FOUND)
    const rows = await listOrgRoleHolders(trx, orgId, ADMIN_ROLE)
    return rows.map((r) => {
      const phone = r.phone ?? r.accountPhone ?? null
      return { userInfoId: r.id, trueName: r.true_name, phone: r.id === auth.userInfoId ? phone : maskPhone(phone) }
    })
  })
}
