import type { CurrentUserDetail } from '@zhixiao/shared'
import { ADMIN_ROLE, isJdMode, isSchoolUnit, isSuperAdmin } from '@zhixiao/shared'
import { homePathFor } from '../../auth/landing'

/** Where the bureau side starts (001 §2.1). */
export const BUREAU_HOME = '/localSide/home/index'

/**
 * Home after an org switch (001 §4 step 5): the bureau home when the new org is an alliance school or a bureau in
 * JD mode, otherwise the user's landing page.
 */
export function homeAfterSwitch(user: CurrentUserDetail): string {
  const org = user.currentOrgData
  if (org && (org.allianceSchool || (isJdMode(org.tenantModuleType) && !isSchoolUnit(org.unitAttr)))) return BUREAU_HOME
  return homePathFor(user)
}

/** Class info and the assigned-login-org data are dropped at an org switch (001 §4 step 5). */
const SWITCH_CLEARED_KEYS = ['classInfo', 'classType', 'assignLoginOrg'] as const
export function clearSwitchLeftovers(): void {
  for (const k of SWITCH_CLEARED_KEYS) {
    localStorage.removeItem(k)
    sessionStorage.removeItem(k)
  }
}

/** Targets of the user-menu items (docs/portal-config.md for the ones the spec leaves open). */
export const MENU_TARGET = {
  openPortal: '/openPortal',
  jdPlatform: '/jdLogin/jdPlatForm/index',
  /** 帮助中心 of admins: the base-data set-up guide. */
  help: '/base-useRoute/index',
  /** 帮助中心 of staff, students and parents: help for their own user type. */
  memberHelp: '/helpCenter/index',
  complaint: '/complaintSuggest/submit',
} as const

/** 帮助中心 (docs/portal-config.md): admins (the admin role, or the platform administrator) get the set-up guide, everyone else help for their user type. */
export function helpTarget(user: CurrentUserDetail): string {
  return isSuperAdmin(user) || user.roles.includes(ADMIN_ROLE) ? MENU_TARGET.help : MENU_TARGET.memberHelp
}
