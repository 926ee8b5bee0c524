import type {
  AllianceCandidate, AllianceImage, AllianceMemberListBody, AllianceMemberOrg, AllianceMemberRow, AllianceMembership, AllianceRoot,
  AllianceSetting, JdMhSysConfig, RegisterAllianceBody, SetAllianceSettingBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'

const J = '/base/api/juxiao'
const O = '/base/api/organizationUnit'

/** The alliance calls (000 §7.7, §7.8; docs/alliances.md). */
export const allianceApi = {
  root: (orgId?: number) => request<AllianceRoot | null>(`${J}/getRootOrg`, { params: { orgId }, notFoundPage: false }),
  members: (orgId: number) => request<AllianceMemberOrg[]>(`${J}/getOrgList`, { params: { orgId }, notFoundPage: false }),
  setting: (orgId: number) => request<AllianceSetting>(`${J}/getJuxiaoSetting`, { params: { orgId }, notFoundPage: false }),
  images: (orgId: number) => request<AllianceImage[]>(`${J}/getImagesByOrgId`, { params: { orgId }, notFoundPage: false }),
  mine: () => request<AllianceMembership[]>(`${J}/getJoinedAndAuditingList`),
  isAdmin: (orgId?: number) => request<boolean>(`${J}/checkIsAdmin`, { params: { orgId }, showError: false }),
  managed: () => request<AllianceRoot[]>(`${J}/getManagedList`),
  candidates: (keyword?: string) => request<AllianceCandidate[]>(`${J}/getAllParentOrgList`, { params: { keyword: keyword || undefined } }),
  register: (b: RegisterAllianceBody) => requestEnvelope<{ orgId: number }>(`${J}/registerPage`, { body: b }),
  apply: (allianceOrgId: number, reason: string) => requestEnvelope<{ id: number; status: number }>(`${J}/applyJoin`, { body: { allianceOrgId, reason } }),
  leave: (allianceOrgId: number) => requestEnvelope<null>(`${J}/leave`, { body: { allianceOrgId } }),
  saveSetting: (b: SetAllianceSettingBody) => requestEnvelope<null>(`${J}/setJuxiaoSetting`, { body: b }),
  saveHeader: (orgId: number, value: JdMhSysConfig) => requestEnvelope<null>(`${J}/saveHeaderConfig`, { body: { orgId, value } }),
  saveImages: (orgId: number, images: string[]) => requestEnvelope<AllianceImage[]>(`${J}/saveOrgBackgroundImage`, { body: { orgId, images } }),
  approve: (id: number) => requestEnvelope<null>(`${J}/approve`, { body: { id } }),
  refuse: (id: number, reason: string) => requestEnvelope<null>(`${J}/refuse`, { body: { id, reason } }),
  remove: (id: number) => requestEnvelope<null>(`${J}/removeMember`, { body: { id } }),
  memberRows: (b: AllianceMemberListBody) => request<PageResult<AllianceMemberRow>>(`${O}/getAllianceSchoolMemberOrgList`, { body: b }),
  templateUrl: `${O}/downloadAllianceSchoolExcelTemplate`,
  importUrl: (orgId: number) => `${O}/importAllianceSchoolExcel?orgId=${orgId}`,
}

export const AllianceKeys = { root: 'allianceRoot', mine: 'allianceMine', managed: 'allianceManaged', rows: 'allianceRows', candidates: 'allianceCandidates' } as const

/** The alliance a page is about: ?orgId= when named, else the one the session org sits in (getRootOrg). */
export function useAllianceRoot(enabled = true) {
  const [params] = useSearchParams()
  const q = params.get('orgId')
  const named = q && /^\d{1,15}$/.test(q) ? Number(q) : undefined
  return useQuery({ enabled, queryKey: [AllianceKeys.root, named ?? null], queryFn: () => allianceApi.root(named).catch(() => null), staleTime: 30_000 })
}

/** The alliances the caller administers, for the management pages. */
export function useManagedAlliances() {
  return useQuery({ queryKey: [AllianceKeys.managed], queryFn: allianceApi.managed })
}
