import type { Trx } from '../../db/database.js'
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import type { Viewer } from '../apps/registry.js'

/** The signed-in member's name and their org's name. */
export function getMemberNames(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .select(['u.true_name', 'o.name'])
    .where('u.id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

export function findRole(trx: Trx, roleId: number) {
  return trx.selectFrom('role').select(['user_type', 'org_id', 'code']).where('id', '=', roleId).executeTakeFirst()
}

/** Enabled roles of the tenant-wide kind or of an org in the chain, except the one of this code. */
export function listChainRoles(trx: Trx, chain: number[], exceptCode: string) {
  return trx
    .selectFrom('role')
    .select(['id', 'name', 'user_type'])
    .where('status', '=', 0)
    .where('code', '!=', exceptCode)
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', 'in', chain)]))
    .orderBy('id')
    .execute()
}

export function listGroups(trx: Trx, orgId: number, keys: string[]) {
  return trx
    .selectFrom('mobile_quick_group')
    .select(['id', 'role_key', 'name', 'sort', 'org_id'])
    .where('org_id', '=', orgId)
    .where('role_key', 'in', keys)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** The apps of these groups the viewer may see, with the group each sits in, in their order. */
export function listGroupApps(trx: Trx, v: Viewer, groupIds: number[]) {
  return appsInView(trx, v)
    .innerJoin('mobile_quick_app as q', (j) =>
      j.onRef('q.tenant_id', '=', 'app.tenant_id').onRef('q.app_id', '=', 'app.id'),
    )
    .select([...APP_COLUMNS, 'q.group_id'])
    .where('q.group_id', 'in', groupIds)
    .orderBy('q.sort')
    .orderBy('app.sort')
    .execute()
}

export function listRoleIdsOf(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_role').select('role_id').where('user_info_id', '=', userInfoId).execute()
}

export function anyGroup(trx: Trx, orgId: number, keys: string[]) {
  return trx
    .selectFrom('mobile_quick_group')
    .select('id')
    .where('org_id', '=', orgId)
    .where('role_key', 'in', keys)
    .limit(1)
    .executeTakeFirst()
}

export function findOrgGroup(trx: Trx, orgId: number, id: number) {
  return trx
    .selectFrom('mobile_quick_group')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

export function maxGroupSort(trx: Trx, orgId: number, roleKey: string) {
  return trx
    .selectFrom('mobile_quick_group')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('org_id', '=', orgId)
    .where('role_key', '=', roleKey)
    .executeTakeFirstOrThrow()
}

export async function insertGroup(
  trx: Trx,
  values: { org_id: number; role_key: string; name: string; sort: number },
): Promise<number> {
  const { id } = await trx.insertInto('mobile_quick_group').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function deleteGroupRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('mobile_quick_group').where('id', '=', id).execute()
}

export function listViewAppsIn(trx: Trx, v: Viewer, appIds: number[]) {
  return appsInView(trx, v).select(['app.id', 'app.name']).where('app.id', 'in', appIds).execute()
}

export function maxAppSort(trx: Trx, groupId: number) {
  return trx
    .selectFrom('mobile_quick_app')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow()
}

/** An app already in the group stays where it is. */
export async function insertGroupApps(
  trx: Trx,
  rows: { group_id: number; app_id: number; sort: number }[],
): Promise<void> {
  await trx
    .insertInto('mobile_quick_app')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export async function deleteGroupApp(trx: Trx, groupId: number, appId: number): Promise<bigint> {
  const r = await trx
    .deleteFrom('mobile_quick_app')
    .where('group_id', '=', groupId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
  return r.numDeletedRows
}

export async function deleteKeyGroups(trx: Trx, orgId: number, roleKey: string): Promise<bigint> {
  const r = await trx
    .deleteFrom('mobile_quick_group')
    .where('org_id', '=', orgId)
    .where('role_key', '=', roleKey)
    .executeTakeFirst()
  return r.numDeletedRows
}
