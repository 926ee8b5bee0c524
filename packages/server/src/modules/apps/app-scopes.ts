import {
  AppType,
  DEFAULT_APP_GROUPS,
  isMobileAppType,
  MobileAppType,
  mobileButtonOf,
  mobilePageCodeOf,
  UserType,
  type MobileAction,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AuthInfo } from '../../platform/context.js'
import { assertPermission, loadGrants } from '../../platform/permissions.js'
import { insertGroup, insertGroupLinks, listBuiltinUserApps } from './groups-queries.js'
import { userTypesOf } from './registry.js'

/**
 * The mobile scopes of the app groups (docs/mobile-portal.md "Mobile portal"): teacher mobile 0, parent mobile 1, student
 * mobile 5, kept by /menhu-teacher and /menhu-parent beside the PC scopes of 应用管理.
 */

const APP_MANAGER_CODE = 'sc_menhu_app_mgr'

/** The code a caller needs to see every app of a scope's groups (the admin screen), not only what they may open. */
export const scopeAdminCode = (appType: number): string =>
  isMobileAppType(appType) ? mobilePageCodeOf(appType) : APP_MANAGER_CODE

/** 403 unless the caller holds the code of this write on this scope: 应用管理 for PC scopes, the mobile group's button code otherwise. */
export async function assertScopeWrite(trx: Trx, auth: AuthInfo, appType: number, action: MobileAction): Promise<void> {
  await assertPermission(
    trx,
    auth.userInfoId,
    isMobileAppType(appType) ? mobileButtonOf(appType, action) : APP_MANAGER_CODE,
  )
}

/** The scope a reset without appType means: school PC for 应用管理, else the mobile scope whose edit code the caller holds. */
export async function defaultScope(trx: Trx, auth: AuthInfo): Promise<number> {
  const { permissions } = await loadGrants(trx, auth.userInfoId)
  if (permissions.includes(APP_MANAGER_CODE)) return AppType.SCHOOL_PC
  return permissions.includes(mobileButtonOf(MobileAppType.TEACHER, 'edit'))
    ? MobileAppType.TEACHER
    : MobileAppType.PARENT
}

/** Default group of the parent and student scopes: grouping type 0, the built-in apps for that user type. */
const FAMILY_GROUPING = 0
const familyUserType = (appType: number): number =>
  appType === MobileAppType.PARENT ? UserType.PARENT : UserType.STUDENT

/** Links the built-in apps a parent or student scope's default group holds (its reset state). */
export async function linkFamilyDefaults(trx: Trx, groupId: number, appType: number): Promise<void> {
  const ut = familyUserType(appType)
  const apps = (await listBuiltinUserApps(trx)).filter((a) => userTypesOf(a).some((t) => t === ut))
  if (apps.length)
    await insertGroupLinks(
      trx,
      apps.map((a, i) => ({ group_id: groupId, app_id: a.id, sort: i })),
    )
}

/**
 * Lays the default groups of a mobile scope the first time it is read: the teacher mobile gets the school's six
 * default groups (linkSchoolDefaults links their built-in apps); parents and students one group of their apps.
 */
export async function layMobileDefaults(
  trx: Trx,
  orgId: number,
  appType: number,
  linkSchoolDefaults: (groupId: number, groupingType: number) => Promise<void>,
): Promise<void> {
  if (appType === MobileAppType.TEACHER) {
    for (const [i, d] of DEFAULT_APP_GROUPS.entries()) {
      const { id } = await insertGroup(trx, {
        org_id: orgId,
        app_type: appType,
        name: d.school,
        grouping_type: d.groupingType,
        sort: i,
      })
      await linkSchoolDefaults(id, d.groupingType)
    }
    return
  }
  const name = appType === MobileAppType.PARENT ? '家校服务' : '学习服务'
  const { id } = await insertGroup(trx, {
    org_id: orgId,
    app_type: appType,
    name,
    grouping_type: FAMILY_GROUPING,
    sort: 0,
  })
  await linkFamilyDefaults(trx, id, appType)
}
