import {
  workRestContracts as W,
  workRestTimeContracts as S,
  workRestTypeContracts as Y,
  type WorkRestAddBody,
  type WorkRestTimeBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import type { PageParams } from '../../components/crud'

/** /base/api/workRest and workRestTime (workAndRest, workAndRestDetail, workAndRestCheck) */
export const workRestApi = {
  page: (q: Partial<PageParams> & { orgId?: number }) =>
    call(W.page, { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize }),
  add: (b: WorkRestAddBody) => callEnvelope(W.add, b),
  update: (id: number, b: WorkRestAddBody) => callEnvelope(W.update, { id, ...b }),
  setStatus: (id: number, status: number) => callEnvelope(W.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(W.delete, { id }),
  slots: (workRestId: number) => call(S.list, { workRestId }),
  addSlot: (b: WorkRestTimeBody) => callEnvelope(S.add, b),
  updateSlot: (id: number, b: WorkRestTimeBody) => callEnvelope(S.update, { id, ...b }),
  removeSlot: (id: number) => callEnvelope(S.delete, { id }),
  /** /base/api/workRestType/select: the schedule kinds (tenant-level, then the school's own) the form offers. */
  types: (orgId?: number) => call(Y.select, { orgId }),
}

/** The largest page workRest/page answers; a school's schedules fit in it. */
export const WORK_REST_PAGE_MAX = 200
