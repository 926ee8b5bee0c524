import {
  classHomeContracts,
  outerPortalContracts as O,
  redDotConfigContracts as C,
  redDotContracts,
  type ClassHomeConfig,
  type RedotMsgConfig,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { getToken } from '../../stores/token'

/** Query groups of red dots, the class home and the outer-portal limits; a write refreshes its group. */
export const RdKeys = {
  redotCfg: 'redotCfg',
  targets: 'redotTargets',
  classCfg: 'classHomeCfg',
  classView: 'classHomeView',
  outer: 'outerLimit',
  outerMay: 'outerMayOpen',
} as const

export const redDotAdminApi = {
  config: () => call(C.redotMsg.get, {}),
  save: (value: RedotMsgConfig) => callEnvelope(C.redotMsg.set, { value }),
  targets: (showError = true) => call(redDotContracts.targets, undefined, { showError }),
}

export const classHomeApi = {
  config: () => call(C.classHome.get, {}),
  save: (value: ClassHomeConfig) => callEnvelope(C.classHome.set, { value }),
  view: () => call(classHomeContracts.view),
}

export const outerApi = {
  limitType: () => call(O.limitType, {}),
  setLimitType: (limitType: number) => callEnvelope(O.setLimitType, { limitType }),
  roles: () => call(O.roles, {}),
  addRoles: (roleIds: number[]) => callEnvelope(O.addRoles, { roleIds }),
  remove: (ids: number[]) => callEnvelope(O.delete, { ids }),
  roleInfos: (keyword?: string) => call(O.roleInfos, { keyword: keyword || undefined }),
  employees: () => call(O.employees, {}),
  candidates: (keyword?: string) => call(O.candidates, { keyword: keyword || undefined }),
  setEmployees: (userInfoIds: number[]) => callEnvelope(O.setEmployees, { userInfoIds }),
  mayOpen: (orgId: number) =>
    call(O.mayOpen, { orgId }, { showError: false, notFoundPage: false, loginRedirect: false }),
}

export function useClassHomeView(enabled: boolean) {
  return useQuery({ queryKey: [RdKeys.classView], queryFn: classHomeApi.view, enabled, staleTime: 30_000 })
}

/** Whether the caller (signed in or not) may open the org's open portal; the answer is keyed by sign-in state. */
export function useOuterMayOpen(orgId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [RdKeys.outerMay, orgId ?? null, !!getToken()],
    queryFn: () => outerApi.mayOpen(orgId!),
    enabled: enabled && orgId != null,
    staleTime: 30_000,
  })
}
