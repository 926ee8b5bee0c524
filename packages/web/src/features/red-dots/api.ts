import type {
  ClassHomeConfig, ClassHomeView, ConfigSource, OuterEmployee, OuterLimitTypeAnswer, OuterMayOpen, OuterRoleInfo, OuterRoleObject, RedDotTargets,
  RedotMsgConfig,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import { getToken } from '../../stores/token'

/** Query groups of red dots, the class home and the outer-portal limits; a write refreshes its group. */
export const RdKeys = { redotCfg: 'redotCfg', targets: 'redotTargets', classCfg: 'classHomeCfg', classView: 'classHomeView', outer: 'outerLimit', outerMay: 'outerMayOpen' } as const

type WithSource<T> = T & { orgId: number; source: ConfigSource }
const C = '/base/configMgr'
const O = '/base/portal/outer'

export const redDotAdminApi = {
  config: () => request<WithSource<RedotMsgConfig>>(`${C}/getRedotMsgConfig`),
  save: (value: RedotMsgConfig) => requestEnvelope<null>(`${C}/setRedotMsgConfig`, { body: { value } }),
  targets: (showError = true) => request<RedDotTargets>('/base/api/redot/targets', { showError }),
}

export const classHomeApi = {
  config: () => request<WithSource<ClassHomeConfig>>(`${C}/getClassHomeConfig`),
  save: (value: ClassHomeConfig) => requestEnvelope<null>(`${C}/setClassHomeConfig`, { body: { value } }),
  view: () => request<ClassHomeView>('/base/api/classHome/view'),
}

export const outerApi = {
  limitType: () => request<OuterLimitTypeAnswer>(`${O}/getLimitType`),
  setLimitType: (limitType: number) => requestEnvelope<null>(`${O}/setLimitType`, { body: { limitType } }),
  roles: () => request<OuterRoleObject[]>(`${O}/select`),
  addRoles: (roleIds: number[]) => requestEnvelope<number>(`${O}/add`, { body: { roleIds } }),
  remove: (ids: number[]) => requestEnvelope<null>(`${O}/delete`, { body: { ids } }),
  roleInfos: (keyword?: string) => request<OuterRoleInfo[]>(`${O}/selectRoleInfos`, { params: { keyword: keyword || undefined } }),
  employees: () => request<OuterEmployee[]>(`${O}/employee/select`),
  candidates: (keyword?: string) => request<OuterEmployee[]>(`${O}/employee/candidates`, { params: { keyword: keyword || undefined } }),
  setEmployees: (userInfoIds: number[]) => requestEnvelope<number>(`${O}/employee/set`, { body: { userInfoIds } }),
  mayOpen: (orgId: number) => request<OuterMayOpen>(`${O}/mayOpen`, { params: { orgId }, showError: false, notFoundPage: false, loginRedirect: false }),
}

export function useClassHomeView(enabled: boolean) {
  return useQuery({ queryKey: [RdKeys.classView], queryFn: classHomeApi.view, enabled, staleTime: 30_000 })
}

/** Whether the caller (signed in or not) may open the org's open portal; the answer is keyed by sign-in state. */
export function useOuterMayOpen(orgId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [RdKeys.outerMay, orgId ?? null, !!getToken()], queryFn: () => outerApi.mayOpen(orgId!), enabled: enabled && orgId != null, staleTime: 30_000,
  })
}
