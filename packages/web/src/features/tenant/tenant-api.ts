import type { TenantAddBody, TenantRow, TenantUpdateBody } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import type { PageParams, PageResult } from '../../components/crud'

/** What tenant/add answers. */
export interface TenantCreated { tenantId: number; orgId: number; adminUserName: string }

const T = '/base/api/tenant'

/** The super administrator's tenant calls (000 §7.4). */
export const tenantApi = {
  query: (q: PageParams) => request<PageResult<TenantRow>>(`${T}/query`, { params: { keyword: q.keyword, pageIndex: q.pageIndex, pageSize: q.pageSize } }),
  add: (b: TenantAddBody) => requestEnvelope<TenantCreated>(`${T}/add`, { body: b }),
  update: (b: TenantUpdateBody) => requestEnvelope<null>(`${T}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${T}/updateStatus`, { body: { id, status } }),
}

