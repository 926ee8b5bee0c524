import { isSuperAdmin, landingPath, Trade, type CurrentUserDetail } from '@zhixiao/shared'
import { getUnitAttr } from '../stores/unit-attr'

/**
 * Where a signed-in user starts (000 §2.4): the super administrator → /base-set; a universal-trade tenant →
 * /generalPortal/home; otherwise by the session's unit attribute and the menu permissions (001 §2.3).
 */
export function homePathFor(user: CurrentUserDetail): string {
  if (isSuperAdmin(user)) return '/base-set'
  const org = user.currentOrgData
  if (org?.trade === Trade.UNIVERSAL) return '/generalPortal/home'
  return landingPath(getUnitAttr(org?.unitAttr), user.permissions)
}
