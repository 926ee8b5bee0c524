import {
  allianceOrgContracts as O,
  juxiaoContracts as J,
  type AllianceMemberListBody,
  type JdMhSysConfig,
  type RegisterAllianceBody,
  type SetAllianceSettingBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { call, callEnvelope, download } from '../../api/call'

/** The alliance calls (000 §7.7, §7.8; docs/alliance.md). */
export const allianceApi = {
  root: (orgId?: number) => call(J.getRootOrg, { orgId }, { notFoundPage: false }),
  members: (orgId: number) => call(J.getOrgList, { orgId }, { notFoundPage: false }),
  setting: (orgId: number) => call(J.getJuxiaoSetting, { orgId }, { notFoundPage: false }),
  images: (orgId: number) => call(J.getImagesByOrgId, { orgId }, { notFoundPage: false }),
  mine: () => call(J.getJoinedAndAuditingList),
  isAdmin: (orgId?: number) => call(J.checkIsAdmin, { orgId }, { showError: false }),
  managed: () => call(J.getManagedList),
  candidates: (keyword?: string) => call(J.getAllParentOrgList, { keyword: keyword || undefined }),
  register: (b: RegisterAllianceBody) => callEnvelope(J.registerPage, b),
  apply: (allianceOrgId: number, reason: string) => callEnvelope(J.applyJoin, { allianceOrgId, reason }),
  leave: (allianceOrgId: number) => callEnvelope(J.leave, { allianceOrgId }),
  saveSetting: (b: SetAllianceSettingBody) => callEnvelope(J.setJuxiaoSetting, b),
  saveHeader: (orgId: number, value: JdMhSysConfig) => callEnvelope(J.saveHeaderConfig, { orgId, value }),
  saveImages: (orgId: number, images: string[]) => callEnvelope(J.saveOrgBackgroundImage, { orgId, images }),
  approve: (id: number) => callEnvelope(J.approve, { id }),
  refuse: (id: number, reason: string) => callEnvelope(J.refuse, { id, reason }),
  remove: (id: number) => callEnvelope(J.removeMember, { id }),
  memberRows: (b: AllianceMemberListBody) => call(O.memberRows, b),
  downloadTemplate: () => download(O.downloadTemplate, '联盟学校导入模板.xlsx'),
  /** importAllianceSchoolExcel: the file into the alliance `orgId` (a query parameter), all or nothing. */
}

export const AllianceKeys = {
  root: 'allianceRoot',
  mine: 'allianceMine',
  managed: 'allianceManaged',
  rows: 'allianceRows',
  candidates: 'allianceCandidates',
} as const

/** The alliance a page is about: ?orgId= when named, else the one the session org sits in (getRootOrg). */
export function useAllianceRoot(enabled = true) {
  const [params] = useSearchParams()
  const q = params.get('orgId')
  const named = q && /^\d{1,15}$/.test(q) ? Number(q) : undefined
  return useQuery({
    enabled,
    queryKey: [AllianceKeys.root, named ?? null],
    queryFn: () => allianceApi.root(named).catch(() => null),
    staleTime: 30_000,
  })
}

/** The alliances the caller administers, for the management pages. */
export function useManagedAlliances() {
  return useQuery({ queryKey: [AllianceKeys.managed], queryFn: allianceApi.managed })
}
