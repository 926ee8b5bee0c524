import {
  privacyNoticeContracts as C,
  type NoticeDraftBody,
  type NoticeKind,
  type NoticeVersionRef,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import type { NoticeScope } from './notice-href'

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
