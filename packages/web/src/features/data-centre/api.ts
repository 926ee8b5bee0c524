import type { DataCentreKind, DataCentreList, DataWarehouseRow, DataWarehouseSetBody, IotMenuEntry } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'
import type { PageParams, PageResult } from '../../components/crud'

/** Calls of the data centre, low-code and IoT entries (docs/portal-apps.md "Data centre, low-code, IoT"). */
export const dataCentreApi = {
  list: (kind: DataCentreKind) => request<DataCentreList>('/base/api/dataCenter/appList', { params: { kind } }),
  iotMenu: () => request<IotMenuEntry[]>('/base/api/dataCenter/iotMenu', { showError: false }),
  warehouse: (p: PageParams) => request<PageResult<DataWarehouseRow>>('/base/api/dataCenter/warehouse/list', { params: { ...p } }),
  setWarehouse: (b: DataWarehouseSetBody) => requestEnvelope<null>('/base/api/dataCenter/warehouse/set', { body: b }),
}
