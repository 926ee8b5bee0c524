import {
  ADMIN_ROLE,
  type ByPermissionsBody,
  type RoleMembersBody,
  type RolePageBody,
  type UserSearchBody,
} from '@zhixiao/shared'
import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { RolePermissionTable, RoleTable, UserRoleTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'

/** Roles of the org plus the tenant's built-in roles. */
function rolesInView(trx: Trx, orgId: number) {
  return trx.selectFrom('role').where((eb) => eb.or([eb('role.org_id', 'is', null), eb('role.org_id', '=', orgId)]))
}

export function findRoleInView(trx: Trx, orgId: number, id: number) {
  return rolesInView(trx, orgId).selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Who counts as a role's member for the caller, one definition for the role list's 人员数 and the 关联人员 screen
 * (they disagreed when the count took every org and archived people): live (not archived) memberships of the
 * caller's org and below holding the role themselves. `scope` is subtreeIds(caller's org).
 */
function memberLinks(trx: Trx, scope: number[]) {
  return trx
    .selectFrom('user_role as ur')
    .innerJoin('user_info as mu', (j) =>
      j.onRef('mu.tenant_id', '=', 'ur.tenant_id').onRef('mu.id', '=', 'ur.user_info_id'),
    )
    .where('mu.org_id', 'in', scope)
    .where('mu.archived', '=', false)
}

/** The role list's rows with their member and permission counts (counts as the database gives them). */
function roleRows(trx: Trx, orgId: number, scope: number[]) {
  return rolesInView(trx, orgId).select((eb) => [
    'role.id',
    'role.org_id as orgId',
    'role.code',
    'role.name',
    'role.builtin',
    'role.user_type as userType',
    'role.status',
    memberLinks(trx, scope)
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('ur.role_id', '=', eb.ref('role.id'))
      .as('memberCount'),
    eb
      .selectFrom('role_permission')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('role_permission.role_id', '=', 'role.id')
      .as('permissionCount'),
  ])
}

export function pageRoleRows(trx: Trx, orgId: number, scope: number[], q: RolePageBody) {
  let list = roleRows(trx, orgId, scope)
  if (q.keyword) list = list.where('role.name', 'ilike', `%${q.keyword}%`)
  if (q.userType != null) list = list.where('role.user_type', '=', q.userType)
  return paginate(list.orderBy('role.builtin', 'desc').orderBy('role.id'), list, q)
}

export function listRoleRows(trx: Trx, orgId: number, scope: number[], builtinOnly: boolean) {
  return roleRows(trx, orgId, scope)
    .$if(builtinOnly, (q) => q.where('role.builtin', '=', true))
    .orderBy('role.builtin', 'desc')
    .orderBy('role.id')
    .execute()
}

export function findRoleRow(trx: Trx, orgId: number, scope: number[], id: number) {
  return roleRows(trx, orgId, scope).where('role.id', '=', id).executeTakeFirstOrThrow()
}

/** Does a role of the org's view (other than `exceptId`) carry this name? */
export async function roleNameTaken(trx: Trx, orgId: number, name: string, exceptId?: number): Promise<boolean> {
  const clash = await rolesInView(trx, orgId)
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  return !!clash
}

export function insertRoles(trx: Trx, values: Insertable<RoleTable>[]) {
  return trx.insertInto('role').values(values).returning('id').execute()
}

export function findUserRole(trx: Trx, userInfoId: number, roleId: number) {
  return trx
    .selectFrom('user_role')
    .select('role_id')
    .where('user_info_id', '=', userInfoId)
    .where('role_id', '=', roleId)
    .executeTakeFirst()
}

export async function updateRoleRow(trx: Trx, id: number, values: Updateable<RoleTable>): Promise<void> {
  await trx.updateTable('role').set(values).where('id', '=', id).execute()
}

export async function deleteRolesByIds(trx: Trx, ids: number[]): Promise<void> {
  await trx.deleteFrom('role').where('id', 'in', ids).execute()
}

/** The permission name and app type of every app naming one. */
export function listAppPermissionNames(trx: Trx) {
  return trx
    .selectFrom('app')
    .select(['permission_name', 'app_type'])
    .where('permission_name', 'is not', null)
    .execute()
}

export function listRolePermissionCodes(trx: Trx, roleId: number) {
  return trx.selectFrom('role_permission').select('permission_code').where('role_id', '=', roleId).execute()
}

export async function deleteRolePermissions(trx: Trx, roleId: number, codes: string[]): Promise<void> {
  await trx.deleteFrom('role_permission').where('role_id', '=', roleId).where('permission_code', 'in', codes).execute()
}

export async function insertRolePermissions(trx: Trx, values: Insertable<RolePermissionTable>[]): Promise<void> {
  await trx.insertInto('role_permission').values(values).execute()
}

/** Live (not archived) people with login name and org name, as the role screens list them. */
export function memberRows(trx: Trx) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .select([
      'u.id as userInfoId',
      'u.true_name as trueName',
      'a.user_name as userName',
      'u.user_type as userType',
      'u.org_id as orgId',
      'o.name as orgName',
    ])
    .where('u.archived', '=', false)
}

/** Members of the role within `scope` (associated), or people of `scope` who are not (not associated). */
export function pageRoleMembers(trx: Trx, scope: number[], q: RoleMembersBody, associated: boolean) {
  const members = memberLinks(trx, scope).select('mu.id').where('ur.role_id', '=', q.roleId)
  let list = associated
    ? memberRows(trx).where('u.id', 'in', members)
    : memberRows(trx).where('u.org_id', 'in', scope).where('u.id', 'not in', members)
  if (q.keyword)
    list = list.where((eb) =>
      eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
    )
  return paginate(list.orderBy('u.id'), list, q)
}

export function listPeopleByIds(trx: Trx, ids: number[]) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'account_id', 'org_id', 'true_name'])
    .where('id', 'in', ids)
    .execute()
}

/** Gives roles to people; a pair already there is kept. */
export async function insertUserRoles(trx: Trx, values: Insertable<UserRoleTable>[]): Promise<void> {
  await trx
    .insertInto('user_role')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export async function deleteUserRoles(trx: Trx, roleId: number, userInfoIds: number[]): Promise<void> {
  await trx.deleteFrom('user_role').where('role_id', '=', roleId).where('user_info_id', 'in', userInfoIds).execute()
}

export function findPersonOrg(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('org_id').where('id', '=', userInfoId).executeTakeFirst()
}

export function listRoleNamesOfMember(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_role')
    .innerJoin('role', (j) =>
      j.onRef('role.tenant_id', '=', 'user_role.tenant_id').onRef('role.id', '=', 'user_role.role_id'),
    )
    .select('role.name')
    .where('user_role.user_info_id', '=', userInfoId)
    .orderBy('role.id')
    .execute()
}

/** Names of the roles a parent org delegated to the person (sub/org/user). */
export function listDelegatedRoleNamesOfMember(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('role_sub_org_user as m')
    .innerJoin('role', (j) => j.onRef('role.tenant_id', '=', 'm.tenant_id').onRef('role.id', '=', 'm.role_id'))
    .select('role.name')
    .where('m.user_info_id', '=', userInfoId)
    .orderBy('role.id')
    .execute()
}

/** Roles of the org's view granting any of the codes (the admin role grants them all). */
export function pageRolesByPermissions(trx: Trx, orgId: number, scope: number[], q: ByPermissionsBody) {
  let list = roleRows(trx, orgId, scope).where((eb) =>
    eb.or([
      eb('role.code', '=', ADMIN_ROLE),
      eb.exists(
        eb
          .selectFrom('role_permission')
          .select('role_permission.role_id')
          .whereRef('role_permission.role_id', '=', 'role.id')
          .where('role_permission.permission_code', 'in', q.codes),
      ),
    ]),
  )
  if (q.keyword) list = list.where('role.name', 'ilike', `%${q.keyword}%`)
  return paginate(list.orderBy('role.id'), list, q)
}

/** People of `scope` holding any of the codes through an enabled role. */
export function pageMembersByPermissions(trx: Trx, scope: number[], q: ByPermissionsBody) {
  let list = memberRows(trx)
    .where('u.org_id', 'in', scope)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role as ur')
          .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
          .select('ur.role_id')
          .whereRef('ur.user_info_id', '=', 'u.id')
          .where('r.status', '=', 0)
          .where((e) =>
            e.or([
              e('r.code', '=', ADMIN_ROLE),
              e.exists(
                e
                  .selectFrom('role_permission as rp')
                  .select('rp.role_id')
                  .whereRef('rp.role_id', '=', 'r.id')
                  .where('rp.permission_code', 'in', q.codes),
              ),
            ]),
          ),
      ),
    )
  if (q.keyword)
    list = list.where((eb) =>
      eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
    )
  return paginate(list.orderBy('u.id'), list, q)
}

/** People of `scope`, by user type and a keyword in name, login name or phone. */
export function pageUsers(trx: Trx, scope: number[], q: UserSearchBody) {
  let list = memberRows(trx).where('u.org_id', 'in', scope)
  if (q.userType != null) list = list.where('u.user_type', '=', q.userType)
  if (q.keyword)
    list = list.where((eb) =>
      eb.or([
        eb('u.true_name', 'ilike', `%${q.keyword}%`),
        eb('a.user_name', 'ilike', `%${q.keyword}%`),
        eb('u.phone', 'ilike', `%${q.keyword}%`),
      ]),
    )
  return paginate(list.orderBy('u.id'), list, q)
}
