import { sql, type Insertable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AccountTable, OrgUnitTable, TenantTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

// ---- Public tenant reads and the super administrator's list (service.ts)

export function findOrgTenantId(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('tenant_id').where('id', '=', orgId).executeTakeFirst()
}

export function findEnabledTenantByUniqueName(trx: Trx, uniqueName: string) {
  return trx
    .selectFrom('tenant')
    .selectAll()
    .where('unique_name', '=', uniqueName)
    .where('status', '=', 0)
    .executeTakeFirst()
}

export function findEnabledTenantByDomain(trx: Trx, domain: string) {
  return trx.selectFrom('tenant').selectAll().where('domain', '=', domain).where('status', '=', 0).executeTakeFirst()
}

/** One page of tenants by id, with their config's settings as columns; a keyword matches name or unique name. */
export function pageTenants(trx: Trx, keyword: string | undefined, q: PageQuery) {
  let base = trx.selectFrom('tenant')
  if (keyword)
    base = base.where((eb) => eb.or([eb('name', 'ilike', `%${keyword}%`), eb('unique_name', 'ilike', `%${keyword}%`)]))
  const rows = base
    .select([
      'id',
      'name',
      'unique_name as uniqueName',
      'trade',
      'tenant_module_type as tenantModuleType',
      'status',
      'password_max_age_days as passwordMaxAgeDays',
      sql<string | null>`config->>'sysName'`.as('sysName'),
      sql<boolean>`coalesce((config->>'requiredInfoAfterLogin')::boolean, false)`.as('requiredInfoAfterLogin'),
      sql<string[]>`coalesce(config->'requiredInfoFields', '[]'::jsonb)`.as('requiredInfoFields'),
      sql<string | null>`config->>'studentSiteUrl'`.as('studentSiteUrl'),
      sql<string | null>`config->>'backgroundUrl'`.as('backgroundUrl'),
      sql<boolean>`coalesce((config->>'smartChinaLogin')::boolean, false)`.as('smartChinaLogin'),
      sql<string | null>`config->>'jumpAfterLogin'`.as('jumpAfterLogin'),
      'domain',
      'created_at as createdAt',
    ])
    .orderBy('id')
  return paginate(rows, base.select('id'), q)
}

// ---- Tenant administration (admin-service.ts)

export function findLoginName(trx: Trx, userName: string) {
  return trx.selectFrom('login_name').select('user_name').where('user_name', '=', userName).executeTakeFirst()
}

export function findTenantConfig(trx: Trx, id: number) {
  return trx.selectFrom('tenant').select(['id', 'config']).where('id', '=', id).executeTakeFirst()
}

export function updateTenantRow(trx: Trx, id: number, changes: Updateable<TenantTable>) {
  return trx.updateTable('tenant').set(changes).where('id', '=', id).executeTakeFirst()
}

/** Ends every open session of the tenant. */
export function revokeTenantSessions(trx: Trx, tenantId: number, now: Date) {
  return sql`UPDATE session SET revoked_at = ${now} WHERE tenant_id = ${tenantId} AND revoked_at IS NULL`.execute(trx)
}

// ---- Provisioning (provisioning.ts)

export function insertTenantRow(trx: Trx, values: Insertable<TenantTable>) {
  return trx.insertInto('tenant').values(values).returning('id').executeTakeFirstOrThrow()
}

/** Points the transaction at the tenant: rows inserted after it default to this tenant id. */
export function setTransactionTenant(trx: Trx, tenantId: number) {
  return sql`SELECT set_config('zx.tenant_id', ${String(tenantId)}, true)`.execute(trx)
}

export function insertOrgRow(trx: Trx, values: Insertable<OrgUnitTable>) {
  return trx.insertInto('org_unit').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertRoleRow(
  trx: Trx,
  values: { org_id: null; code: string; name: string; builtin: boolean; user_type: number | null },
) {
  return trx.insertInto('role').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertRolePermissions(trx: Trx, roleId: number, codes: string[]) {
  return trx
    .insertInto('role_permission')
    .values(codes.map((p) => ({ role_id: roleId, permission_code: p })))
    .execute()
}

export function insertAccount(trx: Trx, values: Insertable<AccountTable>) {
  return trx.insertInto('account').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertLoginName(trx: Trx, userName: string, tenantId: number, accountId: number) {
  return trx
    .insertInto('login_name')
    .values({ user_name: userName, tenant_id: tenantId, account_id: accountId })
    .execute()
}

export function insertMembership(
  trx: Trx,
  values: {
    account_id: number
    org_id: number
    user_type: number
    true_name: string
    phone: string | null
    avatar_url: null
    sort: number
  },
) {
  return trx.insertInto('user_info').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertUserRoles(trx: Trx, userInfoId: number, roleIds: number[]) {
  return trx
    .insertInto('user_role')
    .values(roleIds.map((roleId) => ({ user_info_id: userInfoId, role_id: roleId })))
    .execute()
}
