import type {
  AppGroup, BannerRow, BannerSaveBody, ConfigSource, FamilyLayout, MobileHome, MobileHomeAlarm, MobileMenuConfig, MobilePortalSettings,
  QuickGroup, QuickRoleRow, StudentPcConfig,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'

/** Query groups of the mobile portal; a maintenance write refreshes them all. */
export const MobileKeys = { home: 'mobileHome', banners: 'mobileBanners', quick: 'mobileQuick', config: 'mobileConfig', groups: 'appGroups' } as const
export const MOBILE_WRITE_KEYS = Object.values(MobileKeys)

type Resolved<T> = T & { orgId: number; source: ConfigSource }
interface Wrapped<T> { value: T; orgId: number; source: ConfigSource }

const CHILD_KEY = 'zx-mobile-child'
/** The child a parent last picked on this device. */
export const storedChild = (): number | undefined => { const v = Number(localStorage.getItem(CHILD_KEY)); return v > 0 ? v : undefined }
export const storeChild = (id: number): void => localStorage.setItem(CHILD_KEY, String(id))

export const mobileApi = {
  home: (childId?: number) => request<MobileHome>('/base/api/Mobile/home', { params: childId ? { childId } : {} }),
  groups: (appType: number) => request<AppGroup[]>('/base/mobileAppGroup/getAppGroupList', { params: { appType, filter: '1', showDefaultGroup: 'false' } }),
  // Banners of a terminal (1 teacher mobile, 2 parent and student mobile).
  banners: (terminal: number) => request<PageResult<BannerRow>>('/base/api/banner/page', { body: { terminal, pageIndex: 1, pageSize: 50 } }),
  addBanner: (b: BannerSaveBody) => requestEnvelope<number>('/base/api/banner/add', { body: b }),
  updateBanner: (b: BannerSaveBody & { id: number }) => requestEnvelope<number>('/base/api/banner/update', { body: b }),
  removeBanner: (id: number, terminal: number) => requestEnvelope<null>('/base/api/banner/delete', { body: { id, terminal } }),
  orderBanners: (ids: number[], terminal: number) => requestEnvelope<null>('/base/api/banner/updateBannerOrderIndex', { body: { ids, terminal } }),
  // Quick entries.
  quickRoles: () => request<QuickRoleRow[]>('/base/mobileHomeQuick/getRoleList'),
  quickList: (roleKey: string) => request<QuickGroup[]>('/base/mobileHomeQuick/getAppList', { params: { roleKey } }),
  quickAddGroup: (roleKey: string, name: string) => requestEnvelope<number>('/base/mobileHomeQuick/addMobileHomeAppGroup', { body: { roleKey, name } }),
  quickDeleteGroup: (id: number) => requestEnvelope<null>('/base/mobileHomeQuick/deleteMobileHomeAppGroup', { params: { id } }),
  quickAddApps: (groupId: number, appIds: number[]) => requestEnvelope<null>('/base/mobileHomeQuick/addMobileHomeApp', { body: { groupId, appIds } }),
  quickDeleteApp: (groupId: number, appId: number) => requestEnvelope<null>('/base/mobileHomeQuick/deleteMobileHomeApp', { body: { groupId, appId } }),
  quickReset: (roleKey: string) => requestEnvelope<number>('/base/mobileHomeQuick/resetAppList', { body: { roleKey } }),
  // Named configs.
  menu: () => request<Resolved<MobileMenuConfig>>('/base/configMgr/getMobileMenuConfig'),
  setMenu: (value: MobileMenuConfig) => requestEnvelope<null>('/base/configMgr/setMobileMenuConfig', { body: { value } }),
  settings: () => request<Resolved<MobilePortalSettings>>('/base/configMgr/getMobilePortalSettings'),
  setSettings: (value: MobilePortalSettings) => requestEnvelope<null>('/base/configMgr/setMobilePortalSettings', { body: { value } }),
  studentPc: () => request<Resolved<StudentPcConfig>>('/base/configMgr/getMHSysConfigForStudentPC', { showError: false }),
  setStudentPc: (value: StudentPcConfig) => requestEnvelope<null>('/base/configMgr/setMHSysConfigForStudentPC', { body: { value } }),
  alarm: () => request<Wrapped<MobileHomeAlarm>>('/base/api/Mobile/getMobileHomeAlarmConfig'),
  setAlarm: (value: MobileHomeAlarm) => requestEnvelope<null>('/base/api/Mobile/settingMobileHomeAlarmConfig', { body: { value } }),
  layout: () => request<Wrapped<FamilyLayout>>('/base/portal/custom/get'),
  setLayout: (value: FamilyLayout) => requestEnvelope<null>('/base/portal/custom/update', { body: { value } }),
}

/** The signed-in user's mobile home (terminal, tabs, blocks …), for the parent's picked child. */
export function useMobileHome(childId?: number) {
  return useQuery({ queryKey: [MobileKeys.home, childId ?? 0], queryFn: () => mobileApi.home(childId), staleTime: 15_000 })
}
