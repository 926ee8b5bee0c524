import { workStationMatrixContracts as W, type WorkStationAddBody, type WorkStationListItem, type WorkStationUpdateBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import { request } from '../../api/client'

/** /base/api/workStationMatrix and organizationUnit/workStationList (docs/base-data.md "Workstation matrix"). */
export const workStationApi = {
  matrix: (orgId?: number) => call(W.matrix, { orgId }),
  add: (b: WorkStationAddBody) => callEnvelope(W.add, b),
  update: (b: WorkStationUpdateBody) => callEnvelope(W.update, b),
  setStatus: (id: number, status: number) => callEnvelope(W.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(W.delete, { id }),
  // The organization module's call: its contract comes with that module's conversion.
  list: (orgId?: number) => request<WorkStationListItem[]>('/base/api/organizationUnit/workStationList', { params: { orgId } }),
}
