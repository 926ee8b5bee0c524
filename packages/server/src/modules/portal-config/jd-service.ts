import { ADMIN_ROLE, type JdAdminAnswer } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { loadGrants } from '../../platform/permissions.js'
import { bureauOrg } from '../organization/bureau-service.js'
import { findActiveMember } from './queries.js'

/**
 * The bureau is-admin check (001 §6): the admin role, with the tenant's bureau org (organizationUnit/jdmh/tenant/org)
 * as the session's org. An admin of a school, of another bureau-like org or of a tenant without the bureau side is not.
 */
export function checkJdAdmin(ctx: AppContext, auth: AuthInfo): Promise<JdAdminAnswer> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const jdOrgId = (await bureauOrg(trx, auth.tenantId))?.orgId ?? null
    if (jdOrgId === null || jdOrgId !== auth.orgId) return { isAdmin: false, jdOrgId }
    const { roles } = await loadGrants(trx, auth.userInfoId)
    return { isAdmin: roles.includes(ADMIN_ROLE), jdOrgId }
  })
}

/**
 * Bureau user permissions (001 §7.1, jdOrgId): the codes the caller's account holds in the bureau org — through its
 * membership there, whatever org the session is in; none without one, and none for an org that is not the bureau's.
 */
export function jdPermissions(ctx: AppContext, auth: AuthInfo, jdOrgId: number): Promise<string[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (jdOrgId !== (await bureauOrg(trx, auth.tenantId))?.orgId) return []
    const member = await findActiveMember(trx, auth.accountId, jdOrgId)
    return member ? (await loadGrants(trx, member.id)).permissions : []
  })
}
