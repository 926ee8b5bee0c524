import type { CurrentUserDetail } from '@zhixiao/shared'
import { isJdMode, isSchoolUnit } from '@zhixiao/shared'
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
export const SWITCH_CLEARED_KEYS = ['classInfo', 'classType', 'assignLoginOrg'] as const
export function clearSwitchLeftovers(): void {
  for (const k of SWITCH_CLEARED_KEYS) { localStorage.removeItem(k); sessionStorage.removeItem(k) }
}

/** Targets of the user-menu items (docs/portal.md for the ones the spec leaves open). */
export const MENU_TARGET = {
  openPortal: '/openPortal',
  jdPlatform: '/jdLogin/jdPlatForm/index',
  help: '/base-useRoute/index',
  complaint: '/complaintSuggest/submit',
} as const
