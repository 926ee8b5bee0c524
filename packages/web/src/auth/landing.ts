import { ALUMNI_HOME, isSuperAdmin, landingPath, Trade, type CurrentUserDetail } from '@zhixiao/shared'
import { getUnitAttr } from '../stores/unit-attr'

/**
 * Where a signed-in user starts (000 §2.4): the super administrator → /base-set; a universal-trade tenant →
 * /generalPortal/home; otherwise by the session's unit attribute and the menu permissions (001 §2.3).
 */
export function homePathFor(user: CurrentUserDetail): string {
  // A graduate's alumni session has one page (its 学籍); the server refuses it everything else.
  if (user.alumni) return ALUMNI_HOME
  if (isSuperAdmin(user)) return '/base-set'
  const org = user.currentOrgData
  if (org?.trade === Trade.UNIVERSAL) return '/generalPortal/home'
  return landingPath(getUnitAttr(org?.unitAttr), user.permissions)
}
