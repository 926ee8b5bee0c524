import type { AppRow, AppUpdateBody } from '@zhixiao/shared'

/** The update body of a row with some settings changed (row actions 废弃, 显示). */
export function updateOf(a: AppRow, change: Partial<AppUpdateBody>): AppUpdateBody {
  return {
    appId: a.appId,
    name: a.name,
    uniqueId: a.uniqueId,
    iconUri: a.iconUri,
    reqUri: a.reqUri,
    entryUrl: a.entryUrl,
    permissionName: a.permissionName,
    appType: a.appType,
    openWay: a.openWay,
    isScrap: a.isScrap,
    expireDate: a.expireDate,
    hasShow: a.hasShow,
    isNewApp: a.isNewApp,
    groupingType: a.groupingType,
    userTypes: a.userTypes,
    ...change,
  }
}
