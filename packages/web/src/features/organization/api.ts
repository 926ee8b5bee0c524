import type { OrgAddBody, OrgListPageBody, OrgRow, OrgTypeAddBody, OrgTypeRow, OrgTypeUpdateBody, OrgUpdateBody } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

export interface Page<T> { list: T[]; total: number; pageIndex: number; pageSize: number }

const O = '/base/api/organizationUnit'
const T = '/base/api/orgType'

export const orgApi = {
  all: () => request<OrgRow[]>(`${O}/all`),
  page: (q: Partial<OrgListPageBody>) => request<Page<OrgRow>>(`${O}/listPage`, { body: q }),
  add: (b: OrgAddBody) => requestEnvelope<number>(`${O}/add`, { body: b }),
  update: (b: OrgUpdateBody) => requestEnvelope<null>(`${O}/update`, { body: b }),
  setStatus: (orgId: number, status: number) => requestEnvelope<null>(`${O}/status/new`, { params: { orgId, status } }),
  hasMembers: (orgId: number) => request<boolean>(`${O}/checkOrgHasMembers`, { params: { orgId } }),
  remove: (orgId: number) => requestEnvelope<null>(`${O}/delete/new`, { params: { orgId } }),
}

export const orgTypeApi = {
  page: (kind: 'org' | 'depart', pageIndex = 1, pageSize = 200, keyword?: string) => request<Page<OrgTypeRow>>(`${T}/page`, { body: { kind, pageIndex, pageSize, keyword } }),
  add: (b: OrgTypeAddBody) => requestEnvelope<number>(`${T}/add`, { body: b }),
  update: (b: OrgTypeUpdateBody) => requestEnvelope<null>(`${T}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${T}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${T}/delete`, { body: { id } }),
}
