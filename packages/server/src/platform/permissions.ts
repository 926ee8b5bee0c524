import { ADMIN_ROLE, SUPER_ADMIN } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'
import { knownCodes } from './catalogue.js'
import { forbidden } from './errors.js'

export interface Grants {
  roles: string[]
  roleNames: string[]
  permissions: string[]
}

/**
 * Role codes and permission codes of one membership (user_info). The built-in admin role holds every code
 * of the catalogue; other roles hold what was granted to them.
 */
export async function loadGrants(trx: Trx, userInfoId: number): Promise<Grants> {
  // Roles and their granted codes in one round trip: one row per (role, code), a null code for an empty role.
  // Held roles are the membership's own plus those delegated to it by a parent org (role_sub_org_user).
  const held = trx
    .selectFrom('user_role')
    .select(['user_role.tenant_id', 'user_role.role_id'])
    .where('user_role.user_info_id', '=', userInfoId)
    .union(
      trx
        .selectFrom('role_sub_org_user')
        .select(['role_sub_org_user.tenant_id', 'role_sub_org_user.role_id'])
        .where('role_sub_org_user.user_info_id', '=', userInfoId),
    )
  const rows = await trx
    .selectFrom(held.as('held'))
    .innerJoin('role', (j) => j.onRef('role.tenant_id', '=', 'held.tenant_id').onRef('role.id', '=', 'held.role_id'))
    .leftJoin('role_permission', (j) =>
      j.onRef('role_permission.tenant_id', '=', 'role.tenant_id').onRef('role_permission.role_id', '=', 'role.id'),
    )
    .select(['role.code', 'role.name', 'role_permission.permission_code'])
    .where('role.status', '=', 0)
    .execute()
  const roles = [...new Set(rows.map((r) => r.code))]
  const roleNames = [...new Set(rows.map((r) => r.name))]
  if (roles.includes(ADMIN_ROLE)) {
    return { roles, roleNames, permissions: await knownCodes(trx) }
  }
  return {
    roles,
    roleNames,
    permissions: [...new Set(rows.flatMap((r) => (r.permission_code ? [r.permission_code] : [])))],
  }
}

/** The codes a role grants: the built-in admin role the whole catalogue, any other what was granted to it. */
export async function codesOfRole(trx: Trx, role: { id: number; code: string }): Promise<string[]> {
  if (role.code === ADMIN_ROLE) return knownCodes(trx)
  return (
    await trx.selectFrom('role_permission').select('permission_code').where('role_id', '=', role.id).execute()
  ).map((p) => p.permission_code)
}

export function isSuperAdminGrant(tenantId: number, orgId: number, userName: string, roles: string[]): boolean {
  return (
    tenantId === SUPER_ADMIN.tenantId &&
    orgId === SUPER_ADMIN.orgId &&
    userName === SUPER_ADMIN.userName &&
    roles.includes(ADMIN_ROLE)
  )
}

/** For routes whose code depends on the payload (a dictionary's group): 403 unless the caller holds it. */
export async function assertPermission(trx: Trx, userInfoId: number, code: string): Promise<void> {
  const { permissions } = await loadGrants(trx, userInfoId)
  if (!permissions.includes(code)) throw forbidden()
}
