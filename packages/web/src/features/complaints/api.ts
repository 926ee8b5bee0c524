import {
  complaintContracts as C,
  feedbackVisible,
  type ComplaintConfig,
  type SchemaIn,
  type complaintAdminBody,
  type complaintSubmitBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { getToken } from '../../stores/token'

export type ComplaintAdminQuery = Partial<SchemaIn<typeof complaintAdminBody>>
export type ComplaintSubmit = SchemaIn<typeof complaintSubmitBody>

/** Query groups; a write refreshes the lists, the red dot and the header entry through useWrite. */
export const ComplaintKeys = {
  config: 'complaintConfig',
  classes: 'complaintClasses',
  mine: 'complaintMine',
  admin: 'complaintAdmin',
  count: 'complaintCount',
  handler: 'complaintHandler',
} as const

/** /base/complainSuggestion (docs/complaints.md). */
export const complaintApi = {
  /** Signed in: the current org's; visitors name the org. Silent: the header must render whatever happens. */
  config: (orgId?: number | null) =>
    call(C.getConfig, { orgId: orgId ?? undefined }, { showError: false, notFoundPage: false }),
  setConfig: (b: ComplaintConfig) => callEnvelope(C.setConfig, b),
  classes: () => call(C.listClasses),
  addClass: (b: { name: string; handlerIds: number[] }) => callEnvelope(C.addClass, b),
  updateClass: (b: { id: number; name: string; handlerIds: number[] }) => callEnvelope(C.updateClass, b),
  removeClass: (id: number) => callEnvelope(C.deleteClass, { id }),
  staff: (keyword: string) => call(C.staff, { keyword }),
  isHandler: () => call(C.checkUserIsAdmin, undefined, { showError: false }),
  mine: (pageIndex: number, pageSize: number) => call(C.listByCurrentUser, { pageIndex, pageSize }),
  submit: (b: ComplaintSubmit) => callEnvelope(C.add, b),
  adminList: (q: ComplaintAdminQuery) => call(C.queryListForAdmin, q),
  count: () => call(C.getComplaintSuggestionCount, undefined, { showError: false }),
  detail: (id: number) => call(C.getDetail, { id }),
  changeStatus: (b: { id: number; status: number; reply: string }) => callEnvelope(C.changeStatus, b),
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
