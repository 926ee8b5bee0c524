import {
  DEFAULT_PORTAL_MENU,
  DEFAULT_SIDEBAR,
  portalMenuConfigContracts as Menu,
  sidebarContracts as S,
  systemInfoConfigContracts as SysInfo,
  systemInfoContracts,
  type PortalMenuConfig,
  type SaveSidebarBody,
  type SaveWebsiteBody,
  type SystemInfoConfig,
  type UpdateWebsiteBody,
  type Website,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { useCurrentUser } from '../../api/queries'
import { getToken } from '../../stores/token'

/** Query keys; a save on an admin page refreshes what the portal shows. */
export const PcKeys = {
  menu: 'portalMenuConfig',
  sidebar: 'sidebarInfo',
  websites: 'recommendWebs',
  sysInfo: 'systemInfo',
} as const

/** The calls of docs/pc-portal.md "PC portal menu, sidebar, websites, system info". Portal reads stay silent on failure. */
export const pcPortalApi = {
  menu: (orgId?: number, quiet = false) => call(Menu.get, { orgId }, { showError: !quiet, notFoundPage: false }),
  saveMenu: (value: PortalMenuConfig) => callEnvelope(Menu.set, { value }),
  sidebar: (orgId?: number, quiet = false) =>
    call(S.fullAllInfo, { orgId }, { showError: !quiet, notFoundPage: false }),
  saveSidebar: (body: SaveSidebarBody) => callEnvelope(S.save, body),
  /** The org's list (without an id the call answers a list). */
  websites: (opts: { orgId?: number; all?: boolean; quiet?: boolean } = {}) =>
    call(
      S.websites,
      { orgId: opts.orgId, all: opts.all ? '1' : undefined },
      { showError: !opts.quiet, notFoundPage: false },
    ) as Promise<Website[]>,
  saveWebsite: (body: SaveWebsiteBody) => callEnvelope(S.saveWebsite, body),
  updateWebsite: (body: UpdateWebsiteBody) => callEnvelope(S.updateWebsite, body),
  deleteWebsite: (id: number) => callEnvelope(S.deleteWebsite, { id }),
  storedSysInfo: () => call(SysInfo.get, {}),
  saveSysInfo: (value: SystemInfoConfig) => callEnvelope(SysInfo.set, { value }),
  /** Public: the login page reads it signed out (by org or tenant). */
  sysInfo: (q: { orgId?: number; tenantId?: number }) =>
    call(systemInfoContracts.get, q, { showError: false, notFoundPage: false }),
}

/** The portal menu config of the user's org; the built-in menu when the call fails (the header must still draw). */
export function usePortalMenu() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PcKeys.menu, orgId ?? null],
    queryFn: () => pcPortalApi.menu(orgId, true).catch(() => DEFAULT_PORTAL_MENU),
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

export function useSidebar() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PcKeys.sidebar, orgId ?? null],
    queryFn: () => pcPortalApi.sidebar(orgId, true).catch(() => DEFAULT_SIDEBAR),
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
