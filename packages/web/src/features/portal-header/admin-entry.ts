import { ADMIN_ROLE, isJdMode, isSchoolUnit, isSuperAdmin, type CurrentUserDetail } from '@zhixiao/shared'
import { adminEntry } from '../../layouts/menu'

export const PORTAL_ADMIN_HOME = '/menhu-port/maintain/mainPage'

/** Bureau admin (001 §6): the admin role in a bureau org that is the user's current org, on the JD side. */
export function isBureauAdmin(user: CurrentUserDetail | null): boolean {
  const org = user?.currentOrgData
  return !!user && !!org && user.roles.includes(ADMIN_ROLE) && !isSchoolUnit(org.unitAttr) && isJdMode(org.tenantModuleType)
}

/**
 * Where the gear leads (001 §6): the platform administrator → basic-data set-up; a bureau admin → the bureau back
 * office; anyone else → their first admin page (portal management first when they hold it); null for none.
 */
export function adminTarget(user: CurrentUserDetail | null): string | null {
  if (!user) return null
  if (isSuperAdmin(user)) return '/base-set'
  if (isBureauAdmin(user)) return '/localSide/navigation'
  return adminEntry(user) ?? (user.permissions.includes('sc_menhu_pc') ? PORTAL_ADMIN_HOME : null)
}

/** Permission sc_menhu (or its PC page) shows the portal-management icon. */
export const canManagePortal = (user: CurrentUserDetail | null): boolean =>
  !!user && (user.permissions.includes('sc_menhu') || user.permissions.includes('sc_menhu_pc'))
