import { ADMIN_ROLE, Msg, OrgExtraMsg, maskPhone, type BindOrg, type JdTenantOrg, type OrgManager } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import type { Trx } from '../../db/database.js'
import { notFound } from '../../platform/errors.js'
import { isVisibleOrg, isWithin } from '../../platform/org-scope.js'
import { membershipsOf } from '../auth/queries.js'

/** Tenant module types that run the bureau (JD) side (000 §4: 1 and 4). */
const JD_MODULE_TYPES = [1, 4]
const SCHOOL_UNIT_ATTR = 8

/** organizationUnit/getBindOrg: the orgs the caller's account is bound to (enabled memberships), the session's marked. */
export function bindOrgs(ctx: AppContext, auth: AuthInfo): Promise<BindOrg[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => (await membershipsOf(trx, auth.accountId)).map((m) => ({
    orgId: m.orgId, orgName: m.displayName, unitAttr: m.unitAttr, userInfoId: m.userInfoId, userType: m.userType, current: m.userInfoId === auth.userInfoId,
  })))
}

/**
 * organizationUnit/jdmh/tenant/org (000 §7.5 "jd org id (tenantId)"): the bureau org whose portal the tenant's JD side
 * shows — its top organisation when the tenant runs the bureau side and that org is bureau-like (unit attribute
 * below 8); null otherwise. Only the caller's own tenant: another tenant's id answers 租户不存在.
 */
export function jdTenantOrg(ctx: AppContext, auth: AuthInfo, tenantId: number): Promise<JdTenantOrg> {
  if (tenantId !== auth.tenantId) throw notFound(OrgExtraMsg.TENANT_NOT_FOUND)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const tenant = await trx.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()
    if (!tenant) throw notFound(OrgExtraMsg.TENANT_NOT_FOUND)
    return bureauOrg(trx, tenantId)
  })
}

/**
 * The tenant's bureau org (the jd org id of 000 §7.5 and 001 §6): its top organisation when the tenant runs the
 * bureau side and that org is bureau-like (unit attribute below 8); null otherwise. The bureau admin check and the
 * bureau users' permissions are about this org (portal-config/jd-service.ts).
 */
export async function bureauOrg(trx: Trx, tenantId: number): Promise<JdTenantOrg> {
  const tenant = await trx.selectFrom('tenant').select('tenant_module_type').where('id', '=', tenantId).executeTakeFirst()
  if (!tenant || !JD_MODULE_TYPES.includes(tenant.tenant_module_type)) return null
  const top = await trx.selectFrom('org_unit').select(['id', 'name', 'unit_attr', 'jd_page']).where('parent_id', 'is', null).where('status', '=', 0)
    .where('org_type', '=', 'org').where('unit_attr', '<', SCHOOL_UNIT_ATTR).orderBy('sort').orderBy('id').executeTakeFirst()
  return top ? { orgId: top.id, orgName: top.name, unitAttr: top.unit_attr, jdPage: top.jd_page } : null
}

/**
 * organizationUnit/get/manager: the administrators (enabled members holding the admin role) of an org the caller may
 * see (the session org by default). Phones in full for the caller's own org and below, masked for the orgs above.
 */
export function orgManagers(ctx: AppContext, auth: AuthInfo, orgId: number = auth.orgId): Promise<OrgManager[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await trx.selectFrom('org_unit').select('id').where('id', '=', orgId).executeTakeFirst()
    if (!org || !(await isVisibleOrg(trx, auth, orgId))) throw notFound(Msg.ORG_NOT_FOUND)
    const full = await isWithin(trx, auth.orgId, orgId)
    const rows = await trx.selectFrom('user_info as u')
      .innerJoin('user_role as ur', (j) => j.onRef('ur.tenant_id', '=', 'u.tenant_id').onRef('ur.user_info_id', '=', 'u.id'))
      .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
      .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .select(['u.id', 'u.true_name', 'u.phone', 'a.phone as accountPhone'])
      .where('u.org_id', '=', orgId).where('u.status', '=', 0).where('u.archived', '=', false).where('r.code', '=', ADMIN_ROLE).where('r.status', '=', 0)
      .distinct().orderBy('u.id').execute()
    return rows.map((r) => {
      const phone = r.phone ?? r.accountPhone ?? null
      return { userInfoId: r.id, trueName: r.true_name, phone: full ? phone : maskPhone(phone) }
    })
  })
}
