import {
  privacyNoticeContracts as C,
  type NoticeDraftBody,
  type NoticeKind,
  type NoticeVersionRef,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Which tenant a pre-login page means: the one the login page knows, else its organisation's. */
export interface NoticeScope {
  tenantId?: number
  orgId?: number
}

export const noticeApi = {
  current: (kind: NoticeKind, s: NoticeScope) => call(C.current, { kind, ...s }, { showError: false }),
  versions: (s: NoticeScope): Promise<NoticeVersionRef[]> => call(C.versions, s, { showError: false }),
  list: () => call(C.list),
  detail: (id: number) => call(C.detail, { id }),
  saveDraft: (b: NoticeDraftBody) => callEnvelope(C.saveDraft, b),
  deleteDraft: (kind: NoticeKind) => callEnvelope(C.deleteDraft, { kind }),
  publish: (kind: NoticeKind) => callEnvelope(C.publish, { kind }),
  myAcceptances: () => call(C.myAcceptances),
}

/** The public page of a notice (features/privacy-notice/NoticePage), for a link on a pre-login page. */
export function noticeHref(kind: NoticeKind, s: NoticeScope): string {
  const q = s.tenantId ? `?tenantId=${s.tenantId}` : s.orgId ? `?orgId=${s.orgId}` : ''
  return `#/privacy/${kind}${q}`
}
