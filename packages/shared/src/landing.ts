import { isSchoolUnit } from './constants.js'

/**
 * The web page an alumni session lands on (and is kept on: it has no other page; docs/school-year.md "Graduation and
 * alumni"). Here, not in alumni.ts, because the login route reads it and must not pull in that file's zod schemas.
 */
export const ALUMNI_HOME = '/redirect/alumni'

/** Landing page after login (000 §2.4, 001 §2.3): by unit attribute, then by menu permission. */
export function landingPath(unitAttr: number, permissions: readonly string[]): string {
  const has = (c: string) => permissions.includes(c)
  if (!isSchoolUnit(unitAttr)) {
    if (has('sc_menhu_menu_jujiguan')) return '/portal/home'
    if (has('sc_menhu_menu_person')) return '/portal/personal'
    return '/portal/systemCenter'
  }
  if (has('sc_menhu_menu_school')) return '/portal/home'
  if (has('sc_menhu_menu_person')) return '/portal/personal'
  if (has('sc_menhu_menu_class')) return '/portal/class'
  return '/portal/systemCenter'
}

export interface LandingUser {
  orgId: number
  userName: string
  roles: readonly string[]
}

/** The super administrator: orgId 0, name administrator, role admin (000 §6). */
export function isSuperAdmin(u: LandingUser | null | undefined): boolean {
  return !!u && u.orgId === 0 && u.userName === 'administrator' && u.roles.includes('admin')
}
