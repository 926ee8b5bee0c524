import { SUPER_ADMIN, type ConfigSource, type SystemInfoAnswer, type SystemInfoConfig } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { resolveNamed } from '../portal-config/named-config.js'
import { TENANT_DEFAULT_ORG } from '../portal-config/store.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { SERVER_VERSION, systemInfoCfg } from './configs.js'
import { findPortalConfigValue, findTenantConfig } from './queries.js'

/**
 * The system info the signed-out login page reads: of an org (its tenant found from it) or of a tenant (its tenant
 * default), with the running version. An empty system name is the tenant's own; an unknown org or tenant answers the
 * built-in values.
 */
export async function publicSystemInfo(
  ctx: AppContext,
  q: { orgId?: number; tenantId?: number },
): Promise<SystemInfoAnswer> {
  const builtin: SystemInfoAnswer = {
    ...systemInfoCfg.schema.parse({}),
    version: SERVER_VERSION,
    orgId: null,
    source: 'default',
  }
  const tenantId = q.orgId !== undefined ? await tenantIdOfOrg(ctx, q.orgId) : (q.tenantId ?? null)
  if (tenantId === null || tenantId === SUPER_ADMIN.tenantId) return builtin
  return ctx.db.tenant(tenantId, async (trx) => {
    const tenant = await findTenantConfig(trx, tenantId)
    if (!tenant) return builtin
    let found: { value: SystemInfoConfig; orgId: number | null; source: ConfigSource }
    if (q.orgId !== undefined) {
      found = await resolveNamed(trx, systemInfoCfg, q.orgId)
    } else {
      // Signed out with only the tenant known: the tenant default.
      const row = await findPortalConfigValue(trx, TENANT_DEFAULT_ORG, systemInfoCfg.name)
      const parsed = row ? systemInfoCfg.schema.safeParse(row.value) : null
      found = parsed?.success
        ? { value: parsed.data, orgId: null, source: 'tenant' }
        : { value: systemInfoCfg.schema.parse({}), orgId: null, source: 'default' }
    }
    const tenantName = (tenant.config as { sysName?: string } | null)?.sysName ?? ''
    return {
      ...found.value,
      sysName: found.value.sysName || tenantName,
      version: SERVER_VERSION,
      orgId: found.orgId,
      source: found.source,
    }
  })
}
