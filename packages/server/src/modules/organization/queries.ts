import type { OrgInfo } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { OrgUnitTable, TenantTable } from '../../db/schema.js'
import type { Selectable } from 'kysely'

export function findOrg(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').selectAll().where('id', '=', orgId).executeTakeFirst()
}

/** A tenant with a single organisation sees the One variants of the base-data pages. */
export async function isSingleOrgTenant(trx: Trx): Promise<boolean> {
  const rows = await trx.selectFrom('org_unit').select('id').where('org_type', '=', 'org').limit(2).execute()
  return rows.length === 1
}

export function toOrgInfo(
  org: Selectable<OrgUnitTable>,
  tenant: Pick<Selectable<TenantTable>, 'tenant_module_type'>,
  justOneOrgTenant: boolean,
): OrgInfo {
  return {
    orgId: org.id,
    orgCode: org.org_code,
    displayName: org.name,
    unitAttr: org.unit_attr,
    trade: org.trade,
    appType: org.app_type,
    justOneOrgTenant,
    xdPage: org.xd_page,
    jdPage: org.jd_page,
    iconUrl: org.icon_url,
    tenantModuleType: tenant.tenant_module_type,
    allianceSchool: org.alliance_school,
    sportSchool: org.sport_school,
    parentId: org.parent_id,
    tenantId: org.tenant_id,
  }
}
