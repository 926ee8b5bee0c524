import {
  orgExcelContracts as X,
  orgSetupContracts as O,
  orgTypeContracts as T,
  type OrgAddBody,
  type OrgListPageBody,
  type OrgTypeAddBody,
  type OrgTypeUpdateBody,
  type OrgUpdateBody,
} from '@zhixiao/shared'
import { call, callEnvelope, download } from '../../api/call'

export const orgApi = {
  all: () => call(O.all),
  page: (q: Partial<OrgListPageBody>) => call(O.listPage, q),
  add: (b: OrgAddBody) => callEnvelope(O.add, b),
  update: (b: OrgUpdateBody) => callEnvelope(O.update, b),
  setStatus: (orgId: number, status: number) => callEnvelope(O.setStatus, { orgId, status }),
  hasMembers: (orgId: number) => call(O.hasMembers, { orgId }),
  remove: (orgId: number) => callEnvelope(O.delete, { orgId }),
}

/** Organisation setup's Excel calls: the template, the export, and the import's address (the import hook takes one). */
export const orgExcelApi = {
  template: () => download(X.template, '机构导入模板.xlsx'),
  export: () => download(X.export, '机构.xlsx', {}),
}

export const orgTypeApi = {
  page: (kind: 'org' | 'depart', pageIndex = 1, pageSize = 200, keyword?: string) =>
    call(T.page, { kind, pageIndex, pageSize, keyword }),
  add: (b: OrgTypeAddBody) => callEnvelope(T.add, b),
  update: (b: OrgTypeUpdateBody) => callEnvelope(T.update, b),
  setStatus: (id: number, status: number) => callEnvelope(T.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(T.delete, { id }),
}
