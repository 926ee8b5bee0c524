import type { CurrentUserDetail } from './auth.js'
import type { BaseMode } from './constants.js'
import { baseMode, UNIT_ATTR_SCHOOL_THRESHOLD } from './constants.js'
import { isSuperAdmin } from './landing.js'
import type { RouteMeta } from './routes.js'

/** What the base-data menu depends on (000 §6). */
export interface MenuContext {
  unitAttr: number
  allianceSchool: boolean
  mode: BaseMode
  /** Single-organisation tenant: the One variants instead of the multi-org pages. */
  justOneOrgTenant: boolean
  isTopOrg: boolean
  isSuperAdmin: boolean
}

const STUDENT_PAGES = /^\/base-userAccount\/(students|studentGuidang|typeChangeStudent|studentDetail)/
const PARENT_PAGES = /^\/base-userAccount\/parents/
const ONE_VARIANTS = /^\/base-(organization|school|userAccount)\/.*(One)(\/|$)/
const MULTI_WITH_ONE =
  /^\/base-(organization\/(orgType|departType)$|school\/dictionary\/|userAccount\/(dictionary|typeChangeTeacher|typeChangeStudent)$)/
const ZZ_PAGES = /^\/base-.*(-zz|Zz)$/
// The single-org student change page is a non-zz student page too: a Z3 single-org tenant keeps only the Zz one.
const NON_ZZ_CLASS_STUDENT =
  /^\/base-(school\/(classManage|classGuidang|addClass)|userAccount\/(students|studentGuidang|typeChangeStudent|typeChangeStudentOne))$/
const MAJOR_PAGES = /^\/base-school\/major\//

/**
 * Base-data menu filtering of 000 §6: bureaus (unit attribute below 8) lose student, parent and log-monitor
 * menus; alliance schools lose student and parent menus; Z3 hides the non-zz class and student pages and Z12 the
 * zz variants and the faculty/major pages; single-org tenants see the One variants, multi-org tenants the others;
 * public fields only for administrators or the top organisation; tenant-wide settings (route.tenantWide) only in the top
 * organisation. The zz variants exist for Z3 only, so the other
 * modes (medical, universal) do not list them beside the plain pages either.
 */
export function menuVisible(route: RouteMeta, c: MenuContext): boolean {
  const p = route.path
  if (
    c.unitAttr < UNIT_ATTR_SCHOOL_THRESHOLD &&
    (STUDENT_PAGES.test(p) || PARENT_PAGES.test(p) || p.startsWith('/base-logMonitor'))
  )
    return false
  if (c.allianceSchool && (STUDENT_PAGES.test(p) || PARENT_PAGES.test(p))) return false
  if (c.mode === 'Z3' && NON_ZZ_CLASS_STUDENT.test(p)) return false
  if (c.mode !== 'Z3' && ZZ_PAGES.test(p)) return false
  if (c.mode === 'Z12' && MAJOR_PAGES.test(p)) return false
  const isOne = ONE_VARIANTS.test(p)
  if (c.justOneOrgTenant && !isOne && MULTI_WITH_ONE.test(p)) return false
  if (!c.justOneOrgTenant && isOne) return false
  if (p.startsWith('/base-communalFields') && !(c.isSuperAdmin || c.isTopOrg)) return false
  if (route.tenantWide && !c.isTopOrg) return false
  return true
}

/** The organisation facts of the signed-in user that the rules read; null before an organisation is known. */
export function menuContextOf(user: CurrentUserDetail | null | undefined): MenuContext | null {
  const org = user?.currentOrgData
  if (!user || !org) return null
  return {
    unitAttr: org.unitAttr,
    allianceSchool: org.allianceSchool,
    mode: baseMode(org.trade, org.appType),
    justOneOrgTenant: org.justOneOrgTenant,
    isTopOrg: org.parentId === null,
    isSuperAdmin: isSuperAdmin(user),
  }
}

/** Whether the user's organisation has this page at all (000 §6); the side menu and the route guard both ask. */
export function pageFitsOrg(route: RouteMeta, user: CurrentUserDetail | null | undefined): boolean {
  const c = menuContextOf(user)
  return !c || menuVisible(route, c)
}
