import { tenantContracts as T, type DataOf, type TenantAddBody, type TenantUpdateBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import type { PageParams } from '../../components/crud'

/** What tenant/add answers. */
export type TenantCreated = DataOf<typeof T.add>

/** The super administrator's tenant calls (000 §7.4). */
export const tenantApi = {
  query: (q: PageParams) => call(T.query, { keyword: q.keyword, pageIndex: q.pageIndex, pageSize: q.pageSize }),
  add: (b: TenantAddBody) => callEnvelope(T.add, b),
  update: (b: TenantUpdateBody) => callEnvelope(T.update, b),
  setStatus: (id: number, status: number) => callEnvelope(T.updateStatus, { id, status }),
}
