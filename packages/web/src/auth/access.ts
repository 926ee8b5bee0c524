import { isSuperAdmin, pageFitsOrg, type CurrentUserDetail, type RouteMeta } from '@zhixiao/shared'

/** Page-code access (000 §6): a route without a page code is open; adminOnly routes are the super administrator's. */
function holdsPageCode(route: RouteMeta, user: CurrentUserDetail | null): boolean {
  if (route.public) return true
  if (!user) return false
  if (route.adminOnly) return isSuperAdmin(user)
  return !route.permission || user.permissions.includes(route.permission)
}

/**
 * Whether the user may open a route and see it in a menu: the page code, and the base-data menu rules of 000 §6
 * (a bureau has no student pages, a Z12 school no majors …). The side menu and the route guard both ask this.
 */
export function canSee(route: RouteMeta, user: CurrentUserDetail | null): boolean {
  return holdsPageCode(route, user) && (route.public || pageFitsOrg(route, user))
}
