import {
  orgContracts,
  workStationMatrixContracts as W,
  type WorkStationAddBody,
  type WorkStationUpdateBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** /base/api/workStationMatrix and organizationUnit/workStationList (docs/base-data.md "Workstation matrix"). */
export const workStationApi = {
  matrix: (orgId?: number) => call(W.matrix, { orgId }),
  add: (b: WorkStationAddBody) => callEnvelope(W.add, b),
  update: (b: WorkStationUpdateBody) => callEnvelope(W.update, b),
  setStatus: (id: number, status: number) => callEnvelope(W.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(W.delete, { id }),
  list: (orgId?: number) => call(orgContracts.workStations, { orgId }),
}
