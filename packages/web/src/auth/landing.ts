import { isSuperAdmin, landingPath, Trade, type CurrentUserDetail } from '@zhixiao/shared'

/** Where a signed-in user starts (000 §2.4): administrator → /base-set; universal trade → general portal; else by unit attribute. */
export function homePathFor(user: CurrentUserDetail): string {
  if (isSuperAdmin(user)) return '/base-set'
  const org = user.currentOrgData
  if (org?.trade === Trade.UNIVERSAL) return '/generalPortal/home'
  const unitAttr = Number(sessionStorage.getItem('unitAttr') ?? org?.unitAttr ?? 8)
  return landingPath(unitAttr, user.permissions)
}
