import { SUPER_ADMIN } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import type { Viewer } from '../apps/registry.js'

/** The tenant's dataWarehouse switch (tenant.config; off when unset). */
export function findWarehouseSwitch(trx: Trx, tenantId: number) {
  return trx
    .selectFrom('tenant')
    .select(sql<boolean>`coalesce((config->>'dataWarehouse')::boolean, false)`.as('on'))
    .where('id', '=', tenantId)
    .executeTakeFirst()
}

/** The viewer's apps of the given app types and uniqueIds, in launcher order. */
export function listOfferedListApps(trx: Trx, v: Viewer, appTypes: readonly number[], uniqueIds: readonly string[]) {
  return appsInView(trx, v)
    .select(APP_COLUMNS)
    .where('app.app_type', 'in', [...appTypes])
    .where('app.unique_id', 'in', [...uniqueIds])
    .orderBy('app.sort')
    .orderBy('app.id')
    .execute()
}

/** One page of the tenants (the platform tenant left out) with their warehouse switch, filtered by name. */
export function pageWarehouseTenants(trx: Trx, keyword: string | undefined, q: PageQuery) {
  let base = trx.selectFrom('tenant').where('id', '<>', SUPER_ADMIN.tenantId)
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, '\\$&')}%`
    base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('unique_name', 'ilike', like)]))
  }
  const rows = base
    .select([
      'id as tenantId',
      'name',
      'unique_name as uniqueName',
      sql<boolean>`coalesce((config->>'dataWarehouse')::boolean, false)`.as('enabled'),
    ])
    .orderBy('id')
  return paginate(rows, base.select('id'), q)
}

/** Sets the tenant's dataWarehouse key, keeping the other config keys. */
export function setWarehouseSwitch(trx: Trx, tenantId: number, enabled: boolean) {
  return trx
    .updateTable('tenant')
    .set({ config: sql`coalesce(config, '{}'::jsonb) || jsonb_build_object('dataWarehouse', ${enabled}::boolean)` })
    .where('id', '=', tenantId)
    .executeTakeFirst()
}
