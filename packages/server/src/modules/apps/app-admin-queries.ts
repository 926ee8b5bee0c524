import type { AppPageBody } from '@zhixiao/shared'
import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppTable, TenantPermissionTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'
import { APP_COLUMNS, withoutAdminOnly, type AppReach } from './registry-queries.js'

/** Built-in apps and the apps registered in `scope` (the admin's org chain and subtree). */
function adminView(trx: Trx, v: AppReach, scope: number[]) {
  return withoutAdminOnly(
    trx.selectFrom('app').where((eb) => eb.or([eb('app.org_id', 'is', null), eb('app.org_id', 'in', scope)])),
    v,
  )
}

/** Registered apps first (newest first), then the built-in ones in their list order. */
export function pageAdminApps(trx: Trx, v: AppReach, scope: number[], q: AppPageBody) {
  let base = adminView(trx, v, scope)
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([eb('app.name', 'ilike', `%${q.keyword}%`), eb('app.unique_id', 'ilike', `%${q.keyword}%`)]),
    )
  if (q.appType !== undefined && q.appType !== null) base = base.where('app.app_type', '=', q.appType)
  if (q.source) base = base.where('app.builtin', '=', q.source === 'builtin')
  if (q.isScrap !== undefined && q.isScrap !== null) base = base.where('app.is_scrap', '=', q.isScrap)
  return paginate(
    base.select(APP_COLUMNS).orderBy('app.builtin').orderBy('app.sort').orderBy('app.id', 'desc'),
    base,
    q,
  )
}

export function findAdminApp(trx: Trx, v: AppReach, scope: number[], appId: number) {
  return adminView(trx, v, scope).select(APP_COLUMNS).where('app.id', '=', appId).executeTakeFirst()
}

export function findOrgParent(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirst()
}

export async function insertTenantPermissionIfAbsent(
  trx: Trx,
  values: Insertable<TenantPermissionTable>,
): Promise<void> {
  await trx
    .insertInto('tenant_permission')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function countTenantPermissions(trx: Trx) {
  return trx
    .selectFrom('tenant_permission')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
}

export async function insertTenantPermission(trx: Trx, values: Insertable<TenantPermissionTable>): Promise<void> {
  await trx.insertInto('tenant_permission').values(values).execute()
}

export function insertApp(trx: Trx, values: Insertable<AppTable>) {
  return trx.insertInto('app').values(values).returning('id').executeTakeFirstOrThrow()
}

export async function updateAppRow(trx: Trx, appId: number, values: Updateable<AppTable>): Promise<void> {
  await trx.updateTable('app').set(values).where('id', '=', appId).execute()
}

export async function deleteAppRow(trx: Trx, appId: number): Promise<void> {
  await trx.deleteFrom('app').where('id', '=', appId).execute()
}

export function countBuiltinApps(trx: Trx) {
  return trx
    .selectFrom('app')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('builtin', '=', true)
    .executeTakeFirstOrThrow()
}
