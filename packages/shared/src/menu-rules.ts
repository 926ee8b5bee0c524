import type { BaseMode } from './constants.js'
import { UNIT_ATTR_SCHOOL_THRESHOLD } from './constants.js'
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
const MULTI_WITH_ONE = /^\/base-(organization\/(orgType|departType)$|school\/dictionary\/|userAccount\/(dictionary|typeChangeTeacher|typeChangeStudent)$)/
const ZZ_PAGES = /-zz$|Zz$/
const NON_ZZ_CLASS_STUDENT = /^\/base-(school\/(classManage|classGuidang|addClass)|userAccount\/(students|studentGuidang|typeChangeStudent))$/
const MAJOR_PAGES = /^\/base-school\/major\//

/**
 * Base-data menu filtering of 000 §6: bureaus (unit attribute below 8) lose student, parent and log-monitor
 * menus; alliance schools lose student and parent menus; Z3 hides the non-zz class and student pages and Z12 the
 * zz variants and the faculty/major pages; single-org tenants see the One variants, multi-org tenants the others;
 * public fields only for administrators or the top organisation.
 */
export function menuVisible(route: RouteMeta, c: MenuContext): boolean {
  const p = route.path
  if (c.unitAttr < UNIT_ATTR_SCHOOL_THRESHOLD && (STUDENT_PAGES.test(p) || PARENT_PAGES.test(p) || p.startsWith('/base-logMonitor'))) return false
  if (c.allianceSchool && (STUDENT_PAGES.test(p) || PARENT_PAGES.test(p))) return false
  if (c.mode === 'Z3' && NON_ZZ_CLASS_STUDENT.test(p)) return false
  if (c.mode === 'Z12' && (ZZ_PAGES.test(p) || MAJOR_PAGES.test(p))) return false
  const isOne = ONE_VARIANTS.test(p)
  if (c.justOneOrgTenant && !isOne && MULTI_WITH_ONE.test(p)) return false
  if (!c.justOneOrgTenant && isOne) return false
  if (p.startsWith('/base-communalFields') && !(c.isSuperAdmin || c.isTopOrg)) return false
  return true
}
