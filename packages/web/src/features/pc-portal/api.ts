import {
  portalMenuConfig, sidebarInfo, type ConfigSource, type PortalMenuConfig, type SaveSidebarBody, type SaveWebsiteBody, type SidebarInfoAnswer,
  type SystemInfoAnswer, type SystemInfoConfig, type UpdateWebsiteBody, type Website,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import { useCurrentUser } from '../../api/queries'
import { getToken } from '../../stores/token'

/** Query keys; a save on an admin page refreshes what the portal shows. */
export const PcKeys = { menu: 'portalMenuConfig', sidebar: 'sidebarInfo', websites: 'recommendWebs', sysInfo: 'systemInfo' } as const

type Stored<T> = T & { orgId: number; source: ConfigSource }
const S = '/base/api/Sidebar'

/** The calls of docs/portal.md "PC portal menu, sidebar, websites, system info". Portal reads stay silent on failure. */
export const pcPortalApi = {
  menu: (orgId?: number, quiet = false) =>
    request<Stored<PortalMenuConfig>>('/base/configMgr/getPortalMenuConfig', { params: { orgId }, showError: !quiet, notFoundPage: false }),
  saveMenu: (value: PortalMenuConfig) => requestEnvelope<null>('/base/configMgr/setPortalMenuConfig', { body: { value } }),
  sidebar: (orgId?: number, quiet = false) => request<SidebarInfoAnswer>(`${S}/fullAllInfo`, { params: { orgId }, showError: !quiet, notFoundPage: false }),
  saveSidebar: (body: SaveSidebarBody) => requestEnvelope<null>(`${S}/saveSidebarInfo`, { body }),
  websites: (opts: { orgId?: number; all?: boolean; quiet?: boolean } = {}) =>
    request<Website[]>(`${S}/fullRecommendlWebInfoById`, { params: { orgId: opts.orgId, all: opts.all ? '1' : undefined }, showError: !opts.quiet, notFoundPage: false }),
  saveWebsite: (body: SaveWebsiteBody) => requestEnvelope<number>(`${S}/saveRecommendlWeb`, { body }),
  updateWebsite: (body: UpdateWebsiteBody) => requestEnvelope<null>(`${S}/updateRecommendlWeb`, { body }),
  deleteWebsite: (id: number) => requestEnvelope<null>(`${S}/deleteRecommendlWebById`, { params: { id } }),
  storedSysInfo: () => request<Stored<SystemInfoConfig>>('/base/configMgr/getSystemInfoConfig'),
  saveSysInfo: (value: SystemInfoConfig) => requestEnvelope<null>('/base/configMgr/setSystemInfoConfig', { body: { value } }),
  /** Public: the login page reads it signed out (by org or tenant). */
  sysInfo: (q: { orgId?: number; tenantId?: number }) => request<SystemInfoAnswer>('/base/api/systemInfo/get', { params: q, showError: false, notFoundPage: false }),
}

/** The portal menu config of the user's org; the built-in menu when the call fails (the header must still draw). */
export function usePortalMenu() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PcKeys.menu, orgId ?? null],
    queryFn: () => pcPortalApi.menu(orgId, true).catch(() => portalMenuConfig.parse({})),
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

export function useSidebar() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PcKeys.sidebar, orgId ?? null],
    queryFn: () => pcPortalApi.sidebar(orgId, true).catch(() => sidebarInfo.parse({})),
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

export function usePortalWebsites(enabled = true) {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PcKeys.websites, 'portal', orgId ?? null],
    queryFn: () => pcPortalApi.websites({ orgId, quiet: true }).catch((): Website[] => []),
    enabled: enabled && !!getToken(),
    staleTime: 60_000,
  })
}

export function useSystemInfo(q: { orgId?: number; tenantId?: number }, enabled = true) {
  return useQuery({
    queryKey: [PcKeys.sysInfo, q.orgId ?? null, q.tenantId ?? null],
    queryFn: () => pcPortalApi.sysInfo(q),
    enabled,
    staleTime: 60_000,
  })
}
