import type { SubOrgPageBody, SubOrgUserPageBody } from '@zhixiao/shared'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { RoleSubOrgTable, RoleSubOrgUserTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'
import { memberRows } from './queries.js'

/** Which of these org units are orgs (not departments). */
export function listOrgsAmong(trx: Trx, ids: number[]) {
  return trx.selectFrom('org_unit').select('id').where('id', 'in', ids).where('org_type', '=', 'org').execute()
}

export function listOrgNames(trx: Trx, ids: number[]) {
  return trx.selectFrom('org_unit').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute()
}

/** The names of the orgs the role is delegated to. */
export function listAssociatedOrgNames(trx: Trx, roleId: number) {
  return trx
    .selectFrom('role_sub_org as s')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.org_id'))
    .select('o.name')
    .where('s.role_id', '=', roleId)
    .orderBy('o.id')
    .execute()
}

export function findRoleSubOrg(trx: Trx, roleId: number, orgId: number) {
  return trx
    .selectFrom('role_sub_org')
    .select('org_id')
    .where('role_id', '=', roleId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

/** The sub-orgs `ids` with their parent's name, the role's people there and whether the role is delegated there. */
export function pageSubOrgRows(trx: Trx, ids: number[], q: SubOrgPageBody) {
  let list = trx
    .selectFrom('org_unit as o')
    .leftJoin('org_unit as p', (j) => j.onRef('p.tenant_id', '=', 'o.tenant_id').onRef('p.id', '=', 'o.parent_id'))
    .select((eb) => [
      'o.id as orgId',
      'o.name as orgName',
      'p.name as parentName',
      'o.unit_attr as unitAttr',
      eb
        .selectFrom('role_sub_org_user as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.org_id', '=', 'o.id')
        .where('m.role_id', '=', q.roleId)
        .as('memberCount'),
      eb
        .exists(
          eb
            .selectFrom('role_sub_org as s')
            .select('s.org_id')
            .whereRef('s.org_id', '=', 'o.id')
            .where('s.role_id', '=', q.roleId),
        )
        .as('associated'),
    ])
    .where('o.id', 'in', ids)
    .$if(q.associated != null, (qb) =>
      qb.where((eb) => {
        const linked = eb.exists(
          eb
            .selectFrom('role_sub_org as s')
            .select('s.org_id')
            .whereRef('s.org_id', '=', 'o.id')
            .where('s.role_id', '=', q.roleId),
        )
        return q.associated ? linked : eb.not(linked)
      }),
    )
  if (q.keyword) list = list.where('o.name', 'ilike', `%${q.keyword}%`)
  return paginate(list.orderBy('o.sort').orderBy('o.id'), list, q)
}

export async function insertRoleSubOrgs(trx: Trx, values: Insertable<RoleSubOrgTable>[]): Promise<void> {
  await trx
    .insertInto('role_sub_org')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** Takes the role back from everyone it was given to in these orgs; answers one row per removed person. */
export function deleteRoleSubOrgUsersInOrgs(trx: Trx, roleId: number, orgIds: number[]) {
  return trx
    .deleteFrom('role_sub_org_user')
    .where('role_id', '=', roleId)
    .where('org_id', 'in', orgIds)
    .returning('user_info_id')
    .execute()
}

export async function deleteRoleSubOrgs(trx: Trx, roleId: number, orgIds: number[]): Promise<void> {
  await trx.deleteFrom('role_sub_org').where('role_id', '=', roleId).where('org_id', 'in', orgIds).execute()
}

/** People of the org holding the delegated role (associated) or not. */
export function pageSubOrgMembers(trx: Trx, q: SubOrgUserPageBody, associated: boolean) {
  let list = memberRows(trx)
    .where('u.org_id', '=', q.orgId)
    .where((eb) => {
      const held = eb.exists(
        eb
          .selectFrom('role_sub_org_user as m')
          .select('m.user_info_id')
          .whereRef('m.user_info_id', '=', 'u.id')
          .where('m.role_id', '=', q.roleId),
      )
      return associated ? held : eb.not(held)
    })
  if (q.userType != null) list = list.where('u.user_type', '=', q.userType)
  if (q.keyword)
    list = list.where((eb) =>
      eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
    )
  return paginate(list.orderBy('u.id'), list, q)
}

/** The names of the people given the role in the org. */
export function listDelegatedNames(trx: Trx, roleId: number, orgId: number) {
  return trx
    .selectFrom('role_sub_org_user as m')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_info_id'))
    .select('u.true_name')
    .where('m.role_id', '=', roleId)
    .where('m.org_id', '=', orgId)
    .orderBy('u.id')
    .execute()
}

/** The live (not archived) people among `ids` who belong to the org. */
export function listOrgPeopleByIds(trx: Trx, ids: number[], orgId: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'true_name'])
    .where('id', 'in', ids)
    .where('org_id', '=', orgId)
    .where('archived', '=', false)
    .execute()
}

export async function insertRoleSubOrgUsers(trx: Trx, values: Insertable<RoleSubOrgUserTable>[]): Promise<void> {
  await trx
    .insertInto('role_sub_org_user')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export async function deleteRoleSubOrgUsers(trx: Trx, roleId: number, orgId: number, userInfoIds: number[]) {
  await trx
    .deleteFrom('role_sub_org_user')
    .where('role_id', '=', roleId)
    .where('org_id', '=', orgId)
    .where('user_info_id', 'in', userInfoIds)
    .execute()
}

/** Each delegated role the account's live memberships hold through an enabled role, one row per code (or none). */
export function listDelegatedGrantsOfAccount(trx: Trx, accountId: number) {
  return trx
    .selectFrom('role_sub_org_user as m')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_info_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.id', '=', 'm.org_id'))
    .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.role_id'))
    .leftJoin('role_permission as rp', (j) =>
      j.onRef('rp.tenant_id', '=', 'r.tenant_id').onRef('rp.role_id', '=', 'r.id'),
    )
    .select(['o.id as orgId', 'o.name as orgName', 'r.name as roleName', 'rp.permission_code as code'])
    .where('u.account_id', '=', accountId)
    .where('u.archived', '=', false)
    .where('r.status', '=', 0)
    .orderBy('o.id')
    .orderBy('r.id')
    .execute()
}
