/**
 * The header arithmetic of 001 §2.6 and §9 as small pure functions (window width in, counts out), and the
 * user-menu rules of §6, so the web headers and their tests read one definition.
 */

/** Style 1 app tabs: 1 below 1160, 2 at 1160–1299, 3 at 1300–1439, 4 from 1440. */
export const STYLE1_TAB_BREAKPOINTS = [1160, 1300, 1440] as const
/** Style 2 group menus: 2 below 900 up to 11 at 1820 and above. */
export const GROUP_BREAKPOINTS = [900, 1010, 1130, 1240, 1360, 1480, 1600, 1700, 1820] as const
/** Bureau header tabs: 1 under 1080, then 2, 3, 4, 5 at 1080, 1280, 1486, 1700. */
export const BUREAU_TAB_BREAKPOINTS = [1080, 1280, 1486, 1700] as const
/** Widths named for menuShowNum 1 (2 to 5 items); 1880 is the width from which the bureau full header stops collapsing. */
export const BUREAU_MENU_BREAKPOINTS = [1080, 1280, 1486, 1700, 1880] as const

export const TAB_TITLE_MAX = 6
export const GROUP_NAME_MAX = 4
export const LONG_TITLE_AFTER = 8
export const PLATFORM_MAX_TABS = 9
export const MOBILE_DRAWER_WIDTH = 640
export const MOBILE_QR_SIZE = 160
export const FOOTER_POPOVER_SIZE = 60
export const ORG_ERROR_MS = 1500
export const PASSWORD_CLOSE_MS = 1500
export const SWITCH_RELOAD_MS = 200

/**
 * Below this width (phones, small tablets; antd's md breakpoint) every header collapses into a compact bar (menu
 * button, name, user menu) with its navigation in a drawer, and the admin side menu becomes a drawer too. The
 * spec's counts above still decide how many tabs or groups the drawer lists.
 */
export const COMPACT_BELOW = 768
export const isCompactWidth = (width: number): boolean => width < COMPACT_BELOW

const passed = (width: number, breakpoints: readonly number[]): number => breakpoints.filter((b) => width >= b).length

export const style1TabCount = (width: number): number => 1 + passed(width, STYLE1_TAB_BREAKPOINTS)
export const groupMenuCount = (width: number): number => 2 + passed(width, GROUP_BREAKPOINTS)
export const bureauTabCount = (width: number): number => 1 + passed(width, BUREAU_TAB_BREAKPOINTS)

/**
 * Visible bureau menu entries by menuShowNum (001 §9): 0 one; 2 all; 1 two to five by width: 2 below 1280, 3 from
 * 1280, 4 from 1486, 5 from 1700 (the tab count, at least 2).
 */
export function bureauMenuVisible(menuShowNum: number, width: number, total: number): number {
  if (menuShowNum === 0) return Math.min(1, total)
  if (menuShowNum === 2) return total
  return Math.min(total, Math.max(2, bureauTabCount(width)))
}

// Layout width (001 §9) is layoutWidth in cms.ts, shared with the content blocks.

/** An app tab title: the first 6 characters. */
export const cutTabTitle = (name: string): string => [...name].slice(0, TAB_TITLE_MAX).join('')
/** A group name: the first 4 characters plus an ellipsis when longer. */
export function cutGroupName(name: string): string {
  const chars = [...name]
  return chars.length > GROUP_NAME_MAX ? `${chars.slice(0, GROUP_NAME_MAX).join('')}…` : name
}
/** A system name over 8 characters sets the long-title flag (expandable on hover). */
export const isLongTitle = (sysName: string): boolean => [...sysName].length > LONG_TITLE_AFTER

/** Splits a list into what shows and what goes into 更多. */
export function splitVisible<T>(items: readonly T[], visible: number): { shown: T[]; more: T[] } {
  const n = Math.max(0, visible)
  return { shown: items.slice(0, n), more: items.slice(n) }
}

export type UserMenuKey =
  | 'openPortal'
  | 'jdPlatform'
  | 'serviceEntry'
  | 'switchOrg'
  | 'personal'
  | 'password'
  | 'help'
  | 'complaint'
  | 'leaveAlliance'
  | 'quitTenant'
  | 'logout'

export interface UserMenuContext {
  tenantModuleType: number | null
  /** Holds the admin role. */
  isAdmin: boolean
  /** The current org is an alliance school (001 §6: members see only 离开联盟). */
  allianceMember: boolean
  /** The current org is a school (unit attribute 8 and above). */
  school: boolean
  /** tenantModuleType 0: the public portal is enabled (tenant getOutSchoolPortalEnable). */
  publicPortalEnabled: boolean
  /** The complaint entry is enabled for the user's type. */
  feedbackEnabled: boolean
  /** A temporary tenant is set (?tn= or the login page's 切换租户): it can be quit (001 §6). */
  tempTenant?: boolean
}

/**
 * The avatar menu of 001 §2.6 governed by §6. Alliance members get 离开联盟 (and 退出) instead of the normal items.
 * tenantModuleType 0 shows the public portal when enabled; 1 the bureau-school platform for non-admins outside an
 * alliance; 3 hides the personal centre; 4 a service entry (局机关 for bureau staff, 智慧校园 for school admins).
 * A temporary tenant adds 退出租户 (001 §6: it can be quit when the tenant feature is on).
 */
export function userMenuKeys(c: UserMenuContext): UserMenuKey[] {
  if (c.allianceMember) return c.tempTenant ? ['leaveAlliance', 'quitTenant', 'logout'] : ['leaveAlliance', 'logout']
  const keys: UserMenuKey[] = []
  if (c.tenantModuleType === 0 && c.publicPortalEnabled) keys.push('openPortal')
  if (c.tenantModuleType === 1 && !c.isAdmin) keys.push('jdPlatform')
  if (c.tenantModuleType === 4 && (!c.school || c.isAdmin)) keys.push('serviceEntry')
  keys.push('switchOrg')
  if (c.tenantModuleType !== 3) keys.push('personal')
  keys.push('password', 'help')
  if (c.feedbackEnabled) keys.push('complaint')
  if (c.tempTenant) keys.push('quitTenant')
  keys.push('logout')
  return keys
}

/** The tenantModuleType 4 service entry's label: 局机关 for bureau staff, 智慧校园 for schools. */
export const serviceEntryLabel = (school: boolean): string => (school ? '智慧校园' : '局机关')

/** Feedback entry (001 §6): enabled, and the user's type (or -1 when signed out) is among the allowed roles. */
export function feedbackVisible(
  cfg: { enable: boolean; userRole: readonly number[] },
  userType: number | null,
): boolean {
  return cfg.enable && cfg.userRole.includes(userType ?? -1)
}

/** Admin icon (001 §4): settings on the portal home or the app centre, home elsewhere. */
export function adminIconMode(pathname: string): 'settings' | 'home' {
  const onHome =
    /^\/(portal\/home|localSide\/home|localSide\/appCenter|alliancePortal\/home|jdLogin\/jdPlatForm\/index)/.test(
      pathname,
    )
  return onHome ? 'settings' : 'home'
}

/** Portal-admin area (001 §2.1): paths containing /menhu- or /generalPortal/setup. */
export const isPortalAdminPath = (pathname: string): boolean =>
  pathname.includes('/menhu-') || pathname.includes('/generalPortal/setup')

/** App-centre template query (001 §2.1): mode1 when the menu entry's template type is 1, otherwise mode2. */
export const appCenterPath = (tempType: number): string =>
  `/localSide/appCenter/index?type=${tempType === 1 ? 'mode1' : 'mode2'}`

/**
 * Image addresses (001 §3, §7.1): a logo or footer image under /minires is served from the image host when one is
 * configured; other addresses are kept.
 */
export function rewriteImageUrl(url: string, imageHost: string | null | undefined): string {
  const at = url.indexOf('/minires')
  if (at < 0 || !imageHost) return url
  return `${imageHost.replace(/\/+$/, '')}${url.slice(at)}`
}
