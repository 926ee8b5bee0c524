import { dataCentreContracts as D, DataCentreMsg } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'

/** /base/api/dataCenter: the data-centre and low-code lists, the IoT entries and the data warehouse switch. */
export const dataCentreRoutes = (ctx: AppContext) => [
  handle(D.appList, async (req) => ok(await svc.dataCentreList(ctx, req.auth!, req.query.kind))),
  handle(D.iotMenu, async (req) => ok(await svc.iotMenu(ctx, req.auth!))),
  handle(D.warehouseList, async (req) => ok(await svc.warehouseTenants(ctx, req.query))),
  handle(D.warehouseSet, async (req) => {
    await svc.setWarehouse(ctx, req.body)
    return ok(null, req.body.enabled ? DataCentreMsg.ENABLED : DataCentreMsg.DISABLED)
  }),
]
