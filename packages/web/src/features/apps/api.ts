import {
  groupAppTypeFor, type AppGroup, type AppGroupSaveBody, type AppGroupUpdateBody, type AppLinkBody, type AppPageBody, type AppRow,
  type AppSaveBody, type AppUpdateBody, type FallbackAppRow, type HostedApp,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { authApi } from '../../api/auth'
import { request, requestEnvelope } from '../../api/client'
import { useCurrentUser } from '../../api/queries'
import type { PageResult } from '../../components/crud'

/** Query groups of the apps area; a star toggle or an admin write refreshes both. */
export const AppKeys = { groups: 'appGroups', often: 'oftenUse', apps: 'appPage', hosted: 'hostedApp' } as const

export const appsApi = {
  groups: (appType: number, filter = true, showDefaultGroup = true) =>
    request<AppGroup[]>('/base/mobileAppGroup/getAppGroupList', { params: { appType, filter: filter ? '1' : '0', showDefaultGroup: String(showDefaultGroup) }, showError: false }),
  often: () => request<AppRow[]>('/base/oftenUse/selectOftenUseAppList', { showError: false }),
  addOften: (appId: number) => requestEnvelope<null>('/base/oftenUse/addOftenUseApp', { params: { appId } }),
  removeOften: (appId: number) => requestEnvelope<null>('/base/oftenUse/deleteOftenUseApp', { params: { appId } }),
  clearOften: () => requestEnvelope<null>('/base/oftenUse/clearOftenUseApp'),
  /** The registered app for a sub-app route (host page); null when none is registered. */
  hosted: (route: string) => request<HostedApp | null>('/base/mobileApp/hosted', { params: { route }, showError: false }),
  onceToken: () => authApi.onceToken(),
  fallback: () => request<FallbackAppRow[]>('/base/api/tenant/getAppListById', { showError: false }),
}

/** App management (sc_menhu_app_mgr). */
export const appAdminApi = {
  page: (q: Partial<AppPageBody>) => request<PageResult<AppRow>>('/base/mobileApp/getAppPage', { body: q }),
  save: (b: AppSaveBody) => requestEnvelope<number>('/base/mobileApp/save', { body: b }),
  update: (b: AppUpdateBody) => requestEnvelope<null>('/base/mobileApp/update', { body: b }),
  remove: (id: number) => requestEnvelope<null>('/base/mobileApp/delete', { params: { id } }),
  refreshInternal: () => requestEnvelope<number>('/base/mobileApp/refreshInternalApp', { body: {} }),
  allGroups: (appType: number) => request<AppGroup[]>('/base/mobileAppGroup/getAppGroupList', { params: { appType, filter: '0', showDefaultGroup: 'false' } }),
  saveGroup: (b: AppGroupSaveBody) => requestEnvelope<number>('/base/mobileAppGroup/save', { body: b }),
  updateGroup: (b: AppGroupUpdateBody) => requestEnvelope<null>('/base/mobileAppGroup/update', { body: b }),
  removeGroup: (id: number) => requestEnvelope<null>('/base/mobileAppGroup/delete', { params: { id } }),
  resetGroups: (appType: number) => requestEnvelope<null>('/base/mobileAppGroup/resetAppGroupList', { body: { appType } }),
  link: (b: AppLinkBody) => requestEnvelope<null>('/base/mobileAppLink/addAppLinkToAppGroup', { body: b }),
  unlink: (b: AppLinkBody) => requestEnvelope<null>('/base/mobileAppLink/deleteAppLinkToAppGroup', { body: b }),
  resetLinks: (groupId: number) => requestEnvelope<null>('/base/mobileAppLink/resetAppLinkList', { body: { groupId } }),
}

/** The scope the header loads: 3 for a school org (unit attribute 8 and above), else 10 (001 §7.1). */
export function useGroupAppType(): number {
  const { data: user } = useCurrentUser()
  const unitAttr = user?.currentOrgData?.unitAttr ?? 8
  return groupAppTypeFor(unitAttr)
}

/**
 * The signed-in user's app groups as the launcher and the header navigation show them: only apps the user may
 * open, plus 其他应用 for apps in no group. Pass appType to override the scope (7 for the public portal).
 */
export function useAppGroups(appType?: number) {
  const scope = useGroupAppType()
  const t = appType ?? scope
  return useQuery({ queryKey: [AppKeys.groups, t], queryFn: () => appsApi.groups(t), staleTime: 30_000 })
}

/** The user's favourites (常用). */
export function useOftenUse() {
  return useQuery({ queryKey: [AppKeys.often], queryFn: appsApi.often, staleTime: 30_000 })
}
