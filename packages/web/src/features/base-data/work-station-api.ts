import type { WorkStationAddBody, WorkStationListItem, WorkStationMatrix, WorkStationUpdateBody } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

const W = '/base/api/workStationMatrix'

/** /base/api/workStationMatrix and organizationUnit/workStationList (docs/base-data.md "Workstation matrix"). */
export const workStationApi = {
  matrix: (orgId?: number) => request<WorkStationMatrix>(`${W}/matrix`, { params: { orgId } }),
  add: (b: WorkStationAddBody) => requestEnvelope<number>(`${W}/add`, { body: b }),
  update: (b: WorkStationUpdateBody) => requestEnvelope<null>(`${W}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${W}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${W}/delete`, { body: { id } }),
  list: (orgId?: number) => request<WorkStationListItem[]>('/base/api/organizationUnit/workStationList', { params: { orgId } }),
}
