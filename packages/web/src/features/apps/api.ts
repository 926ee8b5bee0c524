import {
  appContracts as A,
  appGroupContracts as G,
  appLinkContracts as L,
  fallbackAppContracts,
  groupAppTypeFor,
  oftenUseContracts as O,
  onceTokenContracts,
  type AppGroupSaveBody,
  type AppGroupUpdateBody,
  type AppLinkBody,
  type AppPageBody,
  type AppSaveBody,
  type AppUpdateBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { useCurrentUser } from '../../api/queries'

/** Query groups of the apps area; a star toggle or an admin write refreshes both. */
export const AppKeys = { groups: 'appGroups', often: 'oftenUse', apps: 'appPage', hosted: 'hostedApp' } as const

export const appsApi = {
  groups: (appType: number, filter = true, showDefaultGroup = true) =>
    call(
      G.list,
      { appType, filter: filter ? '1' : '0', showDefaultGroup: String(showDefaultGroup) },
      { showError: false },
    ),
  often: () => call(O.list, undefined, { showError: false }),
  addOften: (appId: number) => callEnvelope(O.add, { appId }),
  removeOften: (appId: number) => callEnvelope(O.delete, { appId }),
  clearOften: () => callEnvelope(O.clear),
  /** The registered app for a sub-app route (host page); null when none is registered. */
  hosted: (route: string) => call(A.hosted, { route }, { showError: false }),
  onceToken: () => call(onceTokenContracts.issue),
  fallback: () => call(fallbackAppContracts.list, {}, { showError: false }),
}

/** App management (sc_menhu_app_mgr). */
export const appAdminApi = {
  page: (q: Partial<AppPageBody>) => call(A.page, q),
  save: (b: AppSaveBody) => callEnvelope(A.save, b),
  update: (b: AppUpdateBody) => callEnvelope(A.update, b),
  remove: (id: number) => callEnvelope(A.delete, { id }),
  refreshInternal: () => callEnvelope(A.refreshInternal),
  allGroups: (appType: number) => call(G.list, { appType, filter: '0', showDefaultGroup: 'false' }),
  saveGroup: (b: AppGroupSaveBody) => callEnvelope(G.save, b),
  updateGroup: (b: AppGroupUpdateBody) => callEnvelope(G.update, b),
  removeGroup: (id: number) => callEnvelope(G.delete, { id }),
  resetGroups: (appType: number) => callEnvelope(G.reset, { appType }),
  link: (b: AppLinkBody) => callEnvelope(L.add, b),
  unlink: (b: AppLinkBody) => callEnvelope(L.delete, b),
  resetLinks: (groupId: number) => callEnvelope(L.reset, { groupId }),
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
