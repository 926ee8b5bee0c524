import { isSuperAdmin, type CurrentUserDetail, type RouteMeta } from '@zhixiao/shared'

/** Route access (000 §6): a route without a page code is open; adminOnly routes are the super administrator's. */
export function canSee(route: RouteMeta, user: CurrentUserDetail | null): boolean {
  if (route.public) return true
  if (!user) return false
  if (route.adminOnly) return isSuperAdmin(user)
  return !route.permission || user.permissions.includes(route.permission)
}
