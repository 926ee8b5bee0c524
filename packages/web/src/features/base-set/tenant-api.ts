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

export const TRADES = [{ value: 1, label: '学校' }, { value: 2, label: '医疗' }, { value: 3, label: '通用' }]
export const MODULE_TYPES = [{ value: 0, label: '学校门户' }, { value: 1, label: '局端' }, { value: 3, label: '通用' }, { value: 4, label: '局端服务' }]
export const APP_TYPES = [{ value: 1, label: '中小学（Z12）' }, { value: 2, label: '高等教育（Z3）' }]
export const labelOf = (options: { value: number; label: string }[], v: number | null | undefined) => options.find((o) => o.value === v)?.label ?? '—'
