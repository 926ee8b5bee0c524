import {
  piExportContracts as X,
  privacyContracts as P,
  type ExportPageBody,
  type ExportRequestBody,
  type PiCandidateBody,
  type PiOfficerSaveBody,
} from '@zhixiao/shared'
import { callEnvelope, call, download } from '../../api/call'

/** Export approval (docs/privacy.md "Export approval"): the officer screen and the requests. */
export const piExportApi = {
  settings: () => call(P.officer),
  saveOfficer: (b: PiOfficerSaveBody) => callEnvelope(P.officerSave, b),
  addApprover: (userInfoId: number) => callEnvelope(P.approverAdd, { userInfoId }),
  removeApprover: (userInfoId: number) => callEnvelope(P.approverRemove, { userInfoId }),
  candidates: (b: PiCandidateBody) => call(P.candidates, b),
  request: (b: ExportRequestBody) => callEnvelope(X.request, b),
  page: (q: ExportPageBody) => call(X.page, q),
  pendingCount: () => call(X.pendingCount),
  approve: (id: number, comment: string | null) => callEnvelope(X.approve, { id, comment }),
  refuse: (id: number, comment: string) => callEnvelope(X.refuse, { id, comment }),
  download: (id: number, token: string) => download(X.download, `导出_${id}.xlsx`, { id, token }),
}
