import {
  transferContracts as X,
  type TransferApplyBody,
  type TransferFindBody,
  type TransferPageBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Transfers between the district's schools (docs/school-year.md "Transfers"). */
export const transferApi = {
  find: (b: TransferFindBody) => call(X.find, b),
  apply: (b: TransferApplyBody) => callEnvelope(X.apply, b),
  cancel: (id: number) => callEnvelope(X.cancel, { id }),
  outAgree: (id: number) => callEnvelope(X.outAgree, { id }),
  outRefuse: (id: number, reason: string) => callEnvelope(X.outRefuse, { id, reason }),
  bureauApprove: (id: number, effectiveOn?: string) => callEnvelope(X.bureauApprove, { id, effectiveOn }),
  bureauRefuse: (id: number, reason: string) => callEnvelope(X.bureauRefuse, { id, reason }),
  page: (q: TransferPageBody) => call(X.page, q),
  transferredOut: () => call(X.transferredOut),
}
