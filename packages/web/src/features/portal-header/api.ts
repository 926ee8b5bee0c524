import {
  ConfigName, defaultSysConfig, type FooterConfig, type JdAdminAnswer, type JdMhSysConfigAnswer, type MhSysConfigAnswer, type MobileEntry,
  type MobileEntrySaveBody, type SetSysConfigBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { getToken } from '../../stores/token'

/** Query keys of the header area; a save in the admin screen refreshes them (the spec's header-update flag). */
export const PortalKeys = {
  sys: 'mhSysConfig', jd: 'jdMhSysConfig', alliance: 'allianceMhSysConfig', personal: 'mhPersonalConfig', mobile: 'mobileEntries',
  footer: 'bottomInfo', openPortal: 'outSchoolPortalEnable', jdAdmin: 'jdCheckIsAdmin', jdPermissions: 'jdPermissions',
} as const

/** Calls of docs/portal.md. Header reads stay silent on failure (001 §8: no server errors in the header area). */
export const portalApi = {
  sysConfig: (orgId?: number) =>
    request<MhSysConfigAnswer>('/base/configMgr/getMHSysConfig', { params: { name: ConfigName.MH_SYS, orgId }, showError: false, notFoundPage: false }),
  jdConfig: (orgId: number) => request<JdMhSysConfigAnswer>('/base/configMgr/getJDMHSysConfig', { params: { orgId }, showError: false, notFoundPage: false }),
  allianceConfig: (orgId: number) =>
    request<JdMhSysConfigAnswer>('/base/configMgr/getAllianceSchoolMHSysConfig', { params: { orgId }, showError: false, notFoundPage: false }),
  /** The bureau or alliance header config as saved, for its editor (the header's reads drop dead menu targets). */
  storedHeaderConfig: (name: typeof ConfigName.JD_MH_SYS | typeof ConfigName.ALLIANCE_MH_SYS, orgId?: number) =>
    request<JdMhSysConfigAnswer>('/base/configMgr/getMHSysConfig', { params: { name, orgId } }),
  personal: () => request<string | null>('/base/configMgr/getMHPersonalConfig', { params: { name: ConfigName.MH_PERSONAL }, showError: false }),
  setPersonal: (value: boolean) =>
    requestEnvelope<null>('/base/configMgr/setMHPersonalConfig', { body: { name: ConfigName.MH_PERSONAL, hasMultiple: value } }),
  mobileEntries: (orgId?: number, all = false) =>
    request<MobileEntry[]>('/base/api/Mobile/fullInfo', { params: { orgId, all: all ? '1' : undefined }, showError: all, notFoundPage: false }),
  footer: (orgId: number) => request<FooterConfig>('/base/api/tenant/getTenantBottomBaseInfo', { params: { orgId }, showError: false, notFoundPage: false }),
  openPortalEnable: (tenantId: number, orgId?: number) =>
    request<{ enable: boolean }>('/base/api/tenant/getOutSchoolPortalEnable', { params: { tenantId, orgId }, showError: false }),
  /** The bureau is-admin check and the account's permissions in the bureau org (001 §6, §7.1). */
  jdAdmin: () => request<JdAdminAnswer>('/base/configMgr/jd/checkIsAdmin', { showError: false, notFoundPage: false }),
  jdPermissions: (jdOrgId: number) => request<string[]>('/base/configMgr/jd/permissions', { params: { jdOrgId }, showError: false, notFoundPage: false }),
  saveSysConfig: (body: SetSysConfigBody) => requestEnvelope<null>('/base/configMgr/setMHSysConfig', { body }),
  saveMobile: (b: MobileEntrySaveBody) => requestEnvelope<number>('/base/api/Mobile/save', { body: b }),
  updateMobile: (b: MobileEntrySaveBody & { id: number }) => requestEnvelope<null>('/base/api/Mobile/update', { body: b }),
  removeMobile: (id: number) => requestEnvelope<null>('/base/api/Mobile/delete', { params: { id } }),
}

/** The portal header config of the current org; while loading the header shows its skeleton. */
export function useMhSysConfig() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PortalKeys.sys, orgId ?? null],
    // A failed call falls back to the defaults (the header must still render).
    queryFn: () => portalApi.sysConfig(orgId).catch((): MhSysConfigAnswer => ({ ...defaultSysConfig(ConfigName.MH_SYS), orgId: orgId ?? 0, source: 'default' })),
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

/** The personal multiple-apps override: true/false, or null when the user never chose. */
export function usePersonalMultiple() {
  return useQuery({
    queryKey: [PortalKeys.personal],
    queryFn: async () => { const v = await portalApi.personal().catch(() => null); return v === null ? null : v === 'true' },
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

/** The bureau header config of an org (the bureau itself, or a school's bureau by inheritance). */
export function useJdConfig(orgId: number | null | undefined) {
  return useQuery({
    queryKey: [PortalKeys.jd, orgId ?? null],
    queryFn: () => portalApi.jdConfig(orgId as number).catch((): JdMhSysConfigAnswer => ({ ...defaultSysConfig(ConfigName.JD_MH_SYS), orgId: orgId ?? 0, source: 'default' })),
    enabled: orgId != null,
    staleTime: 60_000,
  })
}

export function useAllianceConfig(orgId: number | null | undefined) {
  return useQuery({
    queryKey: [PortalKeys.alliance, orgId ?? null],
    queryFn: () => portalApi.allianceConfig(orgId as number).catch((): JdMhSysConfigAnswer => ({ ...defaultSysConfig(ConfigName.ALLIANCE_MH_SYS), orgId: orgId ?? 0, source: 'default' })),
    enabled: orgId != null,
    staleTime: 60_000,
  })
}

export function useFooter(orgId: number | null | undefined) {
  return useQuery({ queryKey: [PortalKeys.footer, orgId ?? null], queryFn: () => portalApi.footer(orgId as number).catch(() => null), enabled: orgId != null, staleTime: 60_000 })
}

/** tenantModuleType 0: whether the public portal is open (the user menu's 公共门户 item). */
export function useOpenPortalEnable(enabled: boolean) {
  const user = useCurrentUser().data
  return useQuery({
    queryKey: [PortalKeys.openPortal, user?.tenantId ?? null, user?.orgId ?? null],
    queryFn: () => portalApi.openPortalEnable(user!.tenantId, user!.orgId).then((r) => r.enable).catch(() => false),
    enabled: enabled && !!user,
    staleTime: 60_000,
  })
}

/** The org whose header a signed-in or signed-out visitor sees: the user's org, or ?orgId= for visitors. */
export function useHeaderOrgId(): number | null {
  const user = useCurrentUser().data ?? useSession.getState().userInfo
  if (user) return user.orgId
  const q = new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('orgId')
  return q && /^\d+$/.test(q) ? Number(q) : null
}
