import { ADMIN_ROLE, SUPER_ADMIN } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'

export interface Grants { roles: string[]; permissions: string[] }

/**
 * Role codes and permission codes of one membership (user_info). The built-in admin role holds every code
 * of the catalogue; other roles hold what was granted to them.
 */
export async function loadGrants(trx: Trx, userInfoId: number): Promise<Grants> {
  const roleRows = await trx.selectFrom('user_role').innerJoin('role', (j) =>
    j.onRef('role.tenant_id', '=', 'user_role.tenant_id').onRef('role.id', '=', 'user_role.role_id'))
    .select(['role.id', 'role.code']).where('user_role.user_info_id', '=', userInfoId).where('role.status', '=', 0)
    .execute()
  const roles = roleRows.map((r) => r.code)
  let permissions: string[]
  if (roles.includes(ADMIN_ROLE)) {
    permissions = (await trx.selectFrom('permission').select('code').orderBy('sort').execute()).map((p) => p.code)
  } else if (roleRows.length) {
    permissions = (await trx.selectFrom('role_permission').select('permission_code').distinct()
      .where('role_id', 'in', roleRows.map((r) => r.id)).execute()).map((p) => p.permission_code)
  } else {
    permissions = []
  }
  return { roles, permissions }
}

export function isSuperAdminGrant(tenantId: number, orgId: number, userName: string, roles: string[]): boolean {
  return tenantId === SUPER_ADMIN.tenantId && orgId === SUPER_ADMIN.orgId && userName === SUPER_ADMIN.userName && roles.includes(ADMIN_ROLE)
}
