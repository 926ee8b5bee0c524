import { OuterObjectType, UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'

const likeOf = (k: string) => `%${k.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/** The limit types set on these orgs (those without a setting have no row). */
export function limitsOf(trx: Trx, orgIds: number[]) {
  return trx.selectFrom('outer_portal_limit').select(['org_id', 'limit_type']).where('org_id', 'in', orgIds).execute()
}

export function upsertLimitType(trx: Trx, orgId: number, limitType: number, updatedBy: number, now: Date) {
  return trx
    .insertInto('outer_portal_limit')
    .values({ org_id: orgId, limit_type: limitType, updated_by: updatedBy })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'org_id'])
        .doUpdateSet({ limit_type: limitType, updated_by: updatedBy, updated_at: now }),
    )
    .execute()
}

/** The org's listed roles with their names. */
export function listedRoles(trx: Trx, orgId: number) {
  return trx
    .selectFrom('outer_portal_object as o')
    .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.role_id'))
    .select(['o.id', 'o.role_id', 'r.name', 'r.code'])
    .where('o.org_id', '=', orgId)
    .where('o.object_type', '=', OuterObjectType.ROLE)
    .orderBy('o.id')
    .execute()
}

/** Roles an org may list: the tenant-wide ones and those of the org and the orgs above it. */
function rolesFor(trx: Trx, chain: number[]) {
  return trx
    .selectFrom('role')
    .where('status', '=', 0)
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', 'in', chain)]))
}

/** The roles the org may list whose name holds the keyword (all without one), at most 200. */
export function searchListableRoles(trx: Trx, chain: number[], keyword: string | undefined) {
  let q = rolesFor(trx, chain).select(['id', 'name', 'code'])
  if (keyword) q = q.where('name', 'ilike', likeOf(keyword))
  return q.orderBy('id').limit(200).execute()
}

/** Which of these roles the org may list. */
export function findListableRoles(trx: Trx, chain: number[], roleIds: number[]) {
  return rolesFor(trx, chain).select(['id', 'name']).where('id', 'in', roleIds).execute()
}

export function listedRoleIds(trx: Trx, orgId: number) {
  return trx
    .selectFrom('outer_portal_object')
    .select('role_id')
    .where('org_id', '=', orgId)
    .where('object_type', '=', OuterObjectType.ROLE)
    .execute()
}

/** Lists the roles for the org; roles already listed are skipped. */
export function insertRoleObjects(trx: Trx, orgId: number, roleIds: number[], createdBy: number) {
  return trx
    .insertInto('outer_portal_object')
    .values(
      roleIds.map((role_id) => ({
        org_id: orgId,
        object_type: OuterObjectType.ROLE,
        role_id,
        created_by: createdBy,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst()
}

export function deleteObjectsOfOrg(trx: Trx, orgId: number, ids: number[]) {
  return trx
    .deleteFrom('outer_portal_object')
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .returning('id')
    .execute()
}

function staffRows(trx: Trx) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .select(['u.id', 'u.true_name', 'u.job_no', 'o.name as org_name', 'u.org_id'])
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
}

/** The org's listed staff, in listing order. */
export function listedStaff(trx: Trx, orgId: number) {
  return staffRows(trx)
    .innerJoin('outer_portal_object as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.user_info_id', '=', 'u.id'),
    )
    .where('p.org_id', '=', orgId)
    .where('p.object_type', '=', OuterObjectType.STAFF)
    .orderBy('p.id')
    .execute()
}

/** Staff of these orgs whose name or job number holds the keyword (all without one), at most 50. */
export function searchStaff(trx: Trx, orgIds: number[], keyword: string | undefined) {
  let q = staffRows(trx).where('u.org_id', 'in', orgIds)
  if (keyword)
    q = q.where((eb) => eb.or([eb('u.true_name', 'ilike', likeOf(keyword)), eb('u.job_no', 'ilike', likeOf(keyword))]))
  return q.orderBy('u.id').limit(50).execute()
}

export function findStaff(trx: Trx, userInfoIds: number[]) {
  return staffRows(trx).where('u.id', 'in', userInfoIds).execute()
}

export function deleteStaffObjects(trx: Trx, orgId: number) {
  return trx
    .deleteFrom('outer_portal_object')
    .where('org_id', '=', orgId)
    .where('object_type', '=', OuterObjectType.STAFF)
    .execute()
}

export function insertStaffObjects(trx: Trx, orgId: number, userInfoIds: number[], createdBy: number) {
  return trx
    .insertInto('outer_portal_object')
    .values(
      userInfoIds.map((user_info_id) => ({
        org_id: orgId,
        object_type: OuterObjectType.STAFF,
        user_info_id,
        created_by: createdBy,
      })),
    )
    .execute()
}

/** The account's memberships still on the roll (a subquery). */
function membershipsOf(trx: Trx, accountId: number) {
  return trx.selectFrom('user_info').select('id').where('account_id', '=', accountId).where('archived', '=', false)
}

/** One role the account holds (own or delegated) among the org's listed roles, if any. */
export function findListedRoleHeld(trx: Trx, accountId: number, orgId: number) {
  const mine = membershipsOf(trx, accountId)
  const roles = trx
    .selectFrom('outer_portal_object')
    .select('role_id')
    .where('org_id', '=', orgId)
    .where('object_type', '=', OuterObjectType.ROLE)
  return trx
    .selectFrom('user_role')
    .select('role_id')
    .where('user_info_id', 'in', mine)
    .where('role_id', 'in', roles)
    .union(
      trx
        .selectFrom('role_sub_org_user')
        .select('role_id')
        .where('user_info_id', 'in', mine)
        .where('role_id', 'in', roles),
    )
    .limit(1)
    .executeTakeFirst()
}

/** One listing of the account's memberships among the org's listed staff, if any. */
export function findListedMembership(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('outer_portal_object')
    .select('id')
    .where('org_id', '=', orgId)
    .where('object_type', '=', OuterObjectType.STAFF)
    .where('user_info_id', 'in', membershipsOf(trx, accountId))
    .limit(1)
    .executeTakeFirst()
}
