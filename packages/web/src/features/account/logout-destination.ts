import { isSuperAdmin, type LandingUser } from '@zhixiao/shared'

export interface SignedOutFrom {
  user: (LandingUser & { orgId: number }) | null
  /** The signed-in organisation's tenantModuleType (000 §4): 0 school / open portal, 1 and 4 bureau, 3 general. */
  tenantModuleType: number | null
}

/**
 * Where a logout goes, by tenant type (000 §4; docs/auth.md "Logout"): the super administrator to their own login;
 * a school-portal tenant (0) back to `/` of its unit, which shows the open portal when the unit has one enabled and the
 * login page otherwise; a bureau tenant (1, 4) to its unit's login page (the bureau's name on it); a general tenant
 * (3) and anything unknown to the plain login page. A session that came through the smart-education platform leaves
 * through the platform's logout address instead (logout.ts).
 */
export function logoutDestination(s: SignedOutFrom): string {
  if (!s.user) return '/redirect/login'
  if (isSuperAdmin(s.user)) return '/redirect/admin'
  const org = s.user.orgId > 0 ? s.user.orgId : null
  switch (s.tenantModuleType) {
    case 0:
      return org ? `/?orgId=${org}` : '/redirect/login'
    case 1:
    case 4:
      return org ? `/redirect/login?orgId=${org}` : '/redirect/login'
    default:
      return '/redirect/login'
  }
}
