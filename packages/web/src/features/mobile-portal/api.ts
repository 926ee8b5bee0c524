import {
  appGroupContracts,
  bannerContracts,
  customLayoutContracts as L,
  mobileConfigContracts as C,
  mobileHomeContracts as H,
  mobileQuickContracts as Q,
  type BannerSaveBody,
  type FamilyLayout,
  type MobileHomeAlarm,
  type MobileMenuConfig,
  type MobilePortalSettings,
  type StudentPcConfig,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

/** Query groups of the mobile portal; a maintenance write refreshes them all. */
export const MobileKeys = {
  home: 'mobileHome',
  banners: 'mobileBanners',
  quick: 'mobileQuick',
  config: 'mobileConfig',
  groups: 'appGroups',
} as const
export const MOBILE_WRITE_KEYS = Object.values(MobileKeys)

const CHILD_KEY = 'zx-mobile-child'
/** The child a parent last picked on this device. */
export const storedChild = (): number | undefined => {
  const v = Number(localStorage.getItem(CHILD_KEY))
  return v > 0 ? v : undefined
}
export const storeChild = (id: number): void => localStorage.setItem(CHILD_KEY, String(id))

export const mobileApi = {
  home: (childId?: number) => call(H.home, childId ? { childId } : {}),
  groups: (appType: number) => call(appGroupContracts.list, { appType, filter: '1', showDefaultGroup: 'false' }),
  // Banners of a terminal (1 teacher mobile, 2 parent and student mobile).
  banners: (terminal: number) => call(bannerContracts.page, { terminal, pageIndex: 1, pageSize: 50 }),
  addBanner: (b: BannerSaveBody) => callEnvelope(bannerContracts.add, b),
  updateBanner: (b: BannerSaveBody & { id: number }) => callEnvelope(bannerContracts.update, b),
  removeBanner: (id: number, terminal: number) => callEnvelope(bannerContracts.delete, { id, terminal }),
  orderBanners: (ids: number[], terminal: number) => callEnvelope(bannerContracts.order, { ids, terminal }),
  // Quick entries.
  quickRoles: () => call(Q.roles),
  quickList: (roleKey: string) => call(Q.apps, { roleKey }),
  quickAddGroup: (roleKey: string, name: string) => callEnvelope(Q.addGroup, { roleKey, name }),
  quickDeleteGroup: (id: number) => callEnvelope(Q.deleteGroup, { id }),
  quickAddApps: (groupId: number, appIds: number[]) => callEnvelope(Q.addApps, { groupId, appIds }),
  quickDeleteApp: (groupId: number, appId: number) => callEnvelope(Q.deleteApp, { groupId, appId }),
  quickReset: (roleKey: string) => callEnvelope(Q.reset, { roleKey }),
  // Named configs.
  menu: () => call(C.menu.get, {}),
  setMenu: (value: MobileMenuConfig) => callEnvelope(C.menu.set, { value }),
  settings: () => call(C.settings.get, {}),
  setSettings: (value: MobilePortalSettings) => callEnvelope(C.settings.set, { value }),
  studentPc: () => call(C.studentPc.get, {}, { showError: false }),
  setStudentPc: (value: StudentPcConfig) => callEnvelope(C.studentPc.set, { value }),
  alarm: () => call(H.alarm, {}),
  setAlarm: (value: MobileHomeAlarm) => callEnvelope(H.setAlarm, { value }),
  layout: () => call(L.get, {}),
  setLayout: (value: FamilyLayout) => callEnvelope(L.update, { value }),
}

/** The signed-in user's mobile home (terminal, tabs, blocks …), for the parent's picked child. */
export function useMobileHome(childId?: number) {
  return useQuery({
    queryKey: [MobileKeys.home, childId ?? 0],
    queryFn: () => mobileApi.home(childId),
    staleTime: 15_000,
  })
}
