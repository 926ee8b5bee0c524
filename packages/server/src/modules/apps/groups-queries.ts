import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppGroupLinkTable, AppGroupTable } from '../../db/schema.js'
import { APP_COLUMNS, appsInView, type AppReach } from './registry-queries.js'

/** Built-in apps for every viewer (not the platform admin's own), in list order, with their user types. */
export function listBuiltinUserApps(trx: Trx) {
  return trx
    .selectFrom('app')
    .select(['id', 'sort', 'user_types'])
    .where('builtin', '=', true)
    .where('admin_only', '=', false)
    .orderBy('sort')
    .execute()
}

/** Built-in apps of a grouping type whose scopes hold the scope letter, in list order. */
export function listBuiltinAppsOfGrouping(trx: Trx, groupingType: number, scope: string) {
  return trx
    .selectFrom('app')
    .select(['id', 'sort'])
    .where('builtin', '=', true)
    .where('grouping_type', '=', groupingType)
    .where('scopes', 'like', `%${scope}%`)
    .orderBy('sort')
    .execute()
}

/** Links apps to groups; a link already there is kept as it is. */
export async function insertGroupLinks(trx: Trx, links: Insertable<AppGroupLinkTable>[]): Promise<void> {
  await trx
    .insertInto('app_group_link')
    .values(links)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function insertGroup(trx: Trx, values: Insertable<AppGroupTable>) {
  return trx.insertInto('app_group').values(values).returning('id').executeTakeFirstOrThrow()
}

/** Marks the org's scope as laid out; answers a row only to the call that marked it first. */
export function claimGroupScope(trx: Trx, orgId: number, appType: number) {
  return trx
    .insertInto('app_group_scope')
    .values({ org_id: orgId, app_type: appType })
    .onConflict((oc) => oc.doNothing())
    .returning('org_id')
    .executeTakeFirst()
}

export async function insertGroupScopeIfAbsent(trx: Trx, orgId: number, appType: number): Promise<void> {
  await trx
    .insertInto('app_group_scope')
    .values({ org_id: orgId, app_type: appType })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function listGroups(trx: Trx, orgId: number, appType: number) {
  return trx
    .selectFrom('app_group')
    .select(['id', 'name', 'app_type', 'grouping_type', 'sort'])
    .where('org_id', '=', orgId)
    .where('app_type', '=', appType)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** The viewer's apps linked to these groups, with the group of each link, in link order. */
export function listLinkedAppsInView(trx: Trx, v: AppReach, groupIds: number[]) {
  return appsInView(trx, v)
    .innerJoin('app_group_link as l', (j) =>
      j.onRef('l.tenant_id', '=', 'app.tenant_id').onRef('l.app_id', '=', 'app.id'),
    )
    .select([...APP_COLUMNS, 'l.group_id'])
    .where('l.group_id', 'in', groupIds)
    .orderBy('l.sort')
    .orderBy('app.sort')
    .execute()
}

export function listAppsInView(trx: Trx, v: AppReach) {
  return appsInView(trx, v).select(APP_COLUMNS).orderBy('app.sort').orderBy('app.id').execute()
}

export function findGroupInOrg(trx: Trx, orgId: number, id: number) {
  return trx.selectFrom('app_group').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst()
}

export function maxGroupSort(trx: Trx, orgId: number, appType: number) {
  return trx
    .selectFrom('app_group')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('org_id', '=', orgId)
    .where('app_type', '=', appType)
    .executeTakeFirstOrThrow()
}

export async function updateGroupRow(trx: Trx, id: number, values: Updateable<AppGroupTable>): Promise<void> {
  await trx.updateTable('app_group').set(values).where('id', '=', id).execute()
}

export async function deleteGroupRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('app_group').where('id', '=', id).execute()
}

export async function deleteScopeGroups(trx: Trx, orgId: number, appType: number): Promise<void> {
  await trx.deleteFrom('app_group').where('org_id', '=', orgId).where('app_type', '=', appType).execute()
}

export function findAppNamesInView(trx: Trx, v: AppReach, ids: number[]) {
  return appsInView(trx, v).select(['app.id', 'app.name']).where('app.id', 'in', ids).execute()
}

export function maxLinkSort(trx: Trx, groupId: number) {
  return trx
    .selectFrom('app_group_link')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow()
}

export async function deleteGroupLinks(trx: Trx, groupId: number, appIds: number[]): Promise<void> {
  await trx.deleteFrom('app_group_link').where('group_id', '=', groupId).where('app_id', 'in', appIds).execute()
}

export async function deleteAllGroupLinks(trx: Trx, groupId: number): Promise<void> {
  await trx.deleteFrom('app_group_link').where('group_id', '=', groupId).execute()
}
