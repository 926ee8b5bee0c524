import type { DictRow, WorkRestAddBody, WorkRestRow, WorkRestTimeBody, WorkRestTimeRow } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import type { PageParams, PageResult } from '../../components/crud'

const W = '/base/api/workRest'
const S = '/base/api/workRestTime'

/** /base/api/workRest and workRestTime (workAndRest, workAndRestDetail, workAndRestCheck) */
export const workRestApi = {
  page: (q: Partial<PageParams> & { orgId?: number }) =>
    request<PageResult<WorkRestRow>>(`${W}/page`, { body: { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize } }),
  add: (b: WorkRestAddBody) => requestEnvelope<number>(`${W}/add`, { body: b }),
  update: (id: number, b: WorkRestAddBody) => requestEnvelope<null>(`${W}/update`, { body: { id, ...b } }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${W}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${W}/delete`, { body: { id } }),
  slots: (workRestId: number) => request<WorkRestTimeRow[]>(`${S}/list`, { params: { workRestId } }),
  addSlot: (b: WorkRestTimeBody) => requestEnvelope<number>(`${S}/add`, { body: b }),
  updateSlot: (id: number, b: WorkRestTimeBody) => requestEnvelope<null>(`${S}/update`, { body: { id, ...b } }),
  removeSlot: (id: number) => requestEnvelope<null>(`${S}/delete`, { body: { id } }),
  /** /base/api/workRestType/select: the schedule kinds (tenant-level, then the school's own) the form offers. */
  types: (orgId?: number) => request<DictRow[]>('/base/api/workRestType/select', { params: { orgId } }),
}

/** The largest page workRest/page answers; a school's schedules fit in it. */
export const WORK_REST_PAGE_MAX = 200
