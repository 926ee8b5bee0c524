import { dataCentreContracts as D, type DataCentreKind, type DataWarehouseSetBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import type { PageParams } from '../../components/crud'

/** Calls of the data centre, low-code and IoT entries (docs/apps.md "Data centre, low-code, IoT"). */
export const dataCentreApi = {
  list: (kind: DataCentreKind) => call(D.appList, { kind }),
  iotMenu: () => call(D.iotMenu, undefined, { showError: false }),
  warehouse: (p: PageParams) => call(D.warehouseList, { ...p }),
  setWarehouse: (b: DataWarehouseSetBody) => callEnvelope(D.warehouseSet, b),
}
