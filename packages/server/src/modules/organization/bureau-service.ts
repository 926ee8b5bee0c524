/** The tenant's bureau (JD) org: the org whose portal the bureau side shows (000 §7.5, 001 §6). */
import { OrgExtraMsg, type JdTenantOrg } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import type { Trx } from '../../db/database.js'
import { notFound } from '../../platform/errors.js'
import { findTenantId, findTenantModuleType, findTopOrgBelowAttr } from './queries.js'

/** Tenant module types that run the bureau (JD) side (000 §4: 1 and 4). */
const JD_MODULE_TYPES = [1, 4]
const SCHOOL_UNIT_ATTR = 8

/**
 * organizationUnit/jdmh/tenant/org (000 §7.5 "jd org id (tenantId)"): the bureau org whose portal the tenant's JD side
 * shows — its top organisation when the tenant runs the bureau side and that org is bureau-like (unit attribute
 * below 8); null otherwise. Only the caller's own tenant: another tenant's id answers 租户不存在.
 */
export function jdTenantOrg(ctx: AppContext, auth: AuthInfo, tenantId: number): Promise<JdTenantOrg> {
  if (tenantId !== auth.tenantId) throw notFound(OrgExtraMsg.TENANT_NOT_FOUND)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const tenant = await findTenantId(trx, tenantId)
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
  const tenant = await findTenantModuleType(trx, tenantId)
  if (!tenant || !JD_MODULE_TYPES.includes(tenant.tenant_module_type)) return null
  const top = await findTopOrgBelowAttr(trx, SCHOOL_UNIT_ATTR)
  return top ? { orgId: top.id, orgName: top.name, unitAttr: top.unit_attr, jdPage: top.jd_page } : null
}
