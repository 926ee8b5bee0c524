import {
  feedbackVisible, type ComplaintClassRow, type ComplaintConfig, type ComplaintRow, type complaintAdminBody, type complaintSubmitBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'
import { getToken } from '../../stores/token'

const C = '/base/complainSuggestion'
export type ComplaintAdminQuery = Partial<z.input<typeof complaintAdminBody>>
export type ComplaintSubmit = z.input<typeof complaintSubmitBody>

/** Query groups; a write refreshes the lists, the red dot and the header entry through useWrite. */
export const ComplaintKeys = { config: 'complaintConfig', classes: 'complaintClasses', mine: 'complaintMine', admin: 'complaintAdmin', count: 'complaintCount', handler: 'complaintHandler' } as const

/** /base/complainSuggestion (docs/complaints.md). */
export const complaintApi = {
  /** Signed in: the current org's; visitors name the org. Silent: the header must render whatever happens. */
  config: (orgId?: number | null) => request<ComplaintConfig>(`${C}/config/get`, { params: { orgId: orgId ?? undefined }, showError: false, notFoundPage: false }),
  setConfig: (b: ComplaintConfig) => requestEnvelope<null>(`${C}/config/set`, { body: b }),
  classes: () => request<ComplaintClassRow[]>(`${C}/classification/list`),
  addClass: (b: { name: string; handlerIds: number[] }) => requestEnvelope<number>(`${C}/classification/add`, { body: b }),
  updateClass: (b: { id: number; name: string; handlerIds: number[] }) => requestEnvelope<null>(`${C}/classification/update`, { body: b }),
  removeClass: (id: number) => requestEnvelope<null>(`${C}/classification/delete`, { body: { id } }),
  staff: (keyword: string) => request<{ userInfoId: number; trueName: string }[]>(`${C}/classification/staff`, { params: { keyword } }),
  isHandler: () => request<boolean>(`${C}/classification/checkUserIsAdmin`, { showError: false }),
  mine: (pageIndex: number, pageSize: number) => request<PageResult<ComplaintRow>>(`${C}/classification/listByCurrentUser`, { body: { pageIndex, pageSize } }),
  submit: (b: ComplaintSubmit) => requestEnvelope<number>(`${C}/add`, { body: b }),
  adminList: (q: ComplaintAdminQuery) => request<PageResult<ComplaintRow>>(`${C}/queryListForAdmin`, { body: q }),
  count: () => request<number>(`${C}/getComplaintSuggestionCount`, { showError: false }),
  detail: (id: number) => request<ComplaintRow>(`${C}/getDetail`, { params: { id } }),
  changeStatus: (b: { id: number; status: number; reply: string }) => requestEnvelope<null>(`${C}/changeStatus`, { body: b }),
}

/** The complaints config behind the header entry: the signed-in user's org, or the visited org for visitors. */
export function useComplaintConfig(visitorOrgId?: number | null) {
  const signedIn = !!getToken()
  return useQuery({
    queryKey: [ComplaintKeys.config, signedIn ? 'me' : (visitorOrgId ?? null)],
    queryFn: () => complaintApi.config(signedIn ? null : visitorOrgId).catch((): ComplaintConfig | null => null),
    enabled: signedIn || !!visitorOrgId,
    staleTime: 60_000,
  })
}

/** 001 §6: the feedback entry shows when enabled and the user's type (-1 signed out) is allowed. */
export function useFeedbackEntry(userType: number | null, visitorOrgId?: number | null): boolean {
  const cfg = useComplaintConfig(visitorOrgId).data
  return !!cfg && feedbackVisible(cfg, userType)
}
