import {
  ConfigName,
  configMgrContracts as C,
  defaultSysConfig,
  mobileInfoContracts as Mobile,
  tenantPortalContracts as T,
  type JdMhSysConfigAnswer,
  type MhSysConfigAnswer,
  type MobileEntrySaveBody,
  type SetSysConfigBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { getToken } from '../../stores/token'

/** Query keys of the header area; a save in the admin screen refreshes them (the spec's header-update flag). */
export const PortalKeys = {
  sys: 'mhSysConfig',
  jd: 'jdMhSysConfig',
  alliance: 'allianceMhSysConfig',
  personal: 'mhPersonalConfig',
  mobile: 'mobileEntries',
  footer: 'bottomInfo',
  openPortal: 'outSchoolPortalEnable',
  jdAdmin: 'jdCheckIsAdmin',
  jdPermissions: 'jdPermissions',
} as const

/** Calls of docs/portal-config.md. Header reads stay silent on failure (001 §8: no server errors in the header area). */
export const portalApi = {
  /** getMHSysConfig answers the config of the name asked for: MH_SYS here. */
  sysConfig: (orgId?: number) =>
    call(
      C.getSysConfig,
      { name: ConfigName.MH_SYS, orgId },
      { showError: false, notFoundPage: false },
    ) as Promise<MhSysConfigAnswer>,
  jdConfig: (orgId: number) => call(C.getJdConfig, { orgId }, { showError: false, notFoundPage: false }),
  allianceConfig: (orgId: number) => call(C.getAllianceConfig, { orgId }, { showError: false, notFoundPage: false }),
  /** The bureau or alliance header config as saved, for its editor (the header's reads drop dead menu targets). */
  storedHeaderConfig: (name: typeof ConfigName.JD_MH_SYS | typeof ConfigName.ALLIANCE_MH_SYS, orgId?: number) =>
    call(C.getSysConfig, { name, orgId }) as Promise<JdMhSysConfigAnswer>,
  personal: () => call(C.getPersonal, { name: ConfigName.MH_PERSONAL }, { showError: false }),
  setPersonal: (value: boolean) => callEnvelope(C.setPersonal, { name: ConfigName.MH_PERSONAL, hasMultiple: value }),
  mobileEntries: (orgId?: number, all = false) =>
    call(Mobile.fullInfo, { orgId, all: all ? '1' : undefined }, { showError: all, notFoundPage: false }),
  footer: (orgId: number) => call(T.bottomInfo, { orgId }, { showError: false, notFoundPage: false }),
  openPortalEnable: (tenantId: number, orgId?: number) =>
    call(T.outSchoolPortalEnable, { tenantId, orgId }, { showError: false }),
  /** The bureau is-admin check and the account's permissions in the bureau org (001 §6, §7.1). */
  jdAdmin: () => call(C.jdCheckIsAdmin, undefined, { showError: false, notFoundPage: false }),
  jdPermissions: (jdOrgId: number) => call(C.jdPermissions, { jdOrgId }, { showError: false, notFoundPage: false }),
  saveSysConfig: (body: SetSysConfigBody) => callEnvelope(C.setSysConfig, body),
  saveMobile: (b: MobileEntrySaveBody) => callEnvelope(Mobile.save, b),
  updateMobile: (b: MobileEntrySaveBody & { id: number }) => callEnvelope(Mobile.update, b),
  removeMobile: (id: number) => callEnvelope(Mobile.delete, { id }),
}

/** The portal header config of the current org; while loading the header shows its skeleton. */
export function useMhSysConfig() {
  const orgId = useCurrentUser().data?.orgId
  return useQuery({
    queryKey: [PortalKeys.sys, orgId ?? null],
    // A failed call falls back to the defaults (the header must still render).
    queryFn: () =>
      portalApi.sysConfig(orgId).catch((): MhSysConfigAnswer => ({
        ...defaultSysConfig(ConfigName.MH_SYS),
        orgId: orgId ?? 0,
        source: 'default',
      })),
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

/** The personal multiple-apps override: true/false, or null when the user never chose. */
export function usePersonalMultiple() {
  return useQuery({
    queryKey: [PortalKeys.personal],
    queryFn: async () => {
      const v = await portalApi.personal().catch(() => null)
      return v === null ? null : v === 'true'
    },
    enabled: !!getToken(),
    staleTime: 60_000,
  })
}

/** The bureau header config of an org (the bureau itself, or a school's bureau by inheritance). */
export function useJdConfig(orgId: number | null | undefined) {
  return useQuery({
    queryKey: [PortalKeys.jd, orgId ?? null],
    queryFn: () =>
      portalApi.jdConfig(orgId as number).catch((): JdMhSysConfigAnswer => ({
        ...defaultSysConfig(ConfigName.JD_MH_SYS),
        orgId: orgId ?? 0,
        source: 'default',
      })),
    enabled: orgId != null,
    staleTime: 60_000,
  })
}

export function useAllianceConfig(orgId: number | null | undefined) {
  return useQuery({
    queryKey: [PortalKeys.alliance, orgId ?? null],
    queryFn: () =>
      portalApi.allianceConfig(orgId as number).catch((): JdMhSysConfigAnswer => ({
        ...defaultSysConfig(ConfigName.ALLIANCE_MH_SYS),
        orgId: orgId ?? 0,
        source: 'default',
      })),
    enabled: orgId != null,
    staleTime: 60_000,
  })
}

export function useFooter(orgId: number | null | undefined) {
  return useQuery({
    queryKey: [PortalKeys.footer, orgId ?? null],
    queryFn: () => portalApi.footer(orgId as number).catch(() => null),
    enabled: orgId != null,
    staleTime: 60_000,
  })
}

/** tenantModuleType 0: whether the public portal is open (the user menu's 公共门户 item). */
export function useOpenPortalEnable(enabled: boolean) {
  const user = useCurrentUser().data
  return useQuery({
    queryKey: [PortalKeys.openPortal, user?.tenantId ?? null, user?.orgId ?? null],
    queryFn: () =>
      portalApi
        .openPortalEnable(user!.tenantId, user!.orgId)
        .then((r) => r.enable)
        .catch(() => false),
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
