import { ADMIN_ROLE, SUPER_ADMIN } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'
import { forbidden } from './errors.js'

export interface Grants { roles: string[]; permissions: string[] }

/**
 * Role codes and permission codes of one membership (user_info). The built-in admin role holds every code
 * of the catalogue; other roles hold what was granted to them.
 */
export async function loadGrants(trx: Trx, userInfoId: number): Promise<Grants> {
  // Roles and their granted codes in one round trip: one row per (role, code), a null code for an empty role.
  const rows = await trx.selectFrom('user_role')
    .innerJoin('role', (j) => j.onRef('role.tenant_id', '=', 'user_role.tenant_id').onRef('role.id', '=', 'user_role.role_id'))
    .leftJoin('role_permission', (j) => j.onRef('role_permission.tenant_id', '=', 'role.tenant_id').onRef('role_permission.role_id', '=', 'role.id'))
    .select(['role.code', 'role_permission.permission_code'])
    .where('user_role.user_info_id', '=', userInfoId).where('role.status', '=', 0)
    .execute()
  const roles = [...new Set(rows.map((r) => r.code))]
  if (roles.includes(ADMIN_ROLE)) {
    return { roles, permissions: (await trx.selectFrom('permission').select('code').orderBy('sort').execute()).map((p) => p.code) }
  }
  return { roles, permissions: [...new Set(rows.flatMap((r) => (r.permission_code ? [r.permission_code] : [])))] }
}

export function isSuperAdminGrant(tenantId: number, orgId: number, userName: string, roles: string[]): boolean {
  return tenantId === SUPER_ADMIN.tenantId && orgId === SUPER_ADMIN.orgId && userName === SUPER_ADMIN.userName && roles.includes(ADMIN_ROLE)
}

/** For routes whose code depends on the payload (a dictionary's group): 403 unless the caller holds it. */
export async function assertPermission(trx: Trx, userInfoId: number, code: string): Promise<void> {
  const { permissions } = await loadGrants(trx, userInfoId)
  if (!permissions.includes(code)) throw forbidden()
}
