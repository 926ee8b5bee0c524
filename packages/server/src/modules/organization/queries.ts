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

export function findOrgId(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('id').where('id', '=', orgId).executeTakeFirst()
}

/** An enabled org with its tenant's name: what a login page may show before sign-in (runs outside any tenant). */
export function findPublicOrg(trx: Trx, orgId: number) {
  return trx
    .selectFrom('org_unit')
    .innerJoin('tenant', 'tenant.id', 'org_unit.tenant_id')
    .select([
      'org_unit.id',
      'org_unit.name',
      'org_unit.unit_attr',
      'org_unit.icon_url',
      'org_unit.tenant_id',
      'tenant.name as tenantName',
    ])
    .where('org_unit.id', '=', orgId)
    .where('org_unit.status', '=', 0)
    .executeTakeFirst()
}

/** Enabled members of an org holding the enabled role of this code, with their phones and their account's. */
export function listOrgRoleHolders(trx: Trx, orgId: number, roleCode: string) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('user_role as ur', (j) =>
      j.onRef('ur.tenant_id', '=', 'u.tenant_id').onRef('ur.user_info_id', '=', 'u.id'),
    )
    .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select(['u.id', 'u.true_name', 'u.phone', 'a.phone as accountPhone'])
    .where('u.org_id', '=', orgId)
    .where('u.status', '=', 0)
    .where('u.archived', '=', false)
    .where('r.code', '=', roleCode)
    .where('r.status', '=', 0)
    .distinct()
    .orderBy('u.id')
    .execute()
}

export function findTenantId(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()
}

export function findTenantModuleType(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('tenant_module_type').where('id', '=', tenantId).executeTakeFirst()
}

/** The first enabled top-level organisation (not a department) whose unit attribute is below belowUnitAttr. */
export function findTopOrgBelowAttr(trx: Trx, belowUnitAttr: number) {
  return trx
    .selectFrom('org_unit')
    .select(['id', 'name', 'unit_attr', 'jd_page'])
    .where('parent_id', 'is', null)
    .where('status', '=', 0)
    .where('org_type', '=', 'org')
    .where('unit_attr', '<', belowUnitAttr)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst()
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
