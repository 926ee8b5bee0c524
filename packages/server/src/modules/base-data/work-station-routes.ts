import { workStationMatrixContracts as W } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as ws from './work-station-service.js'

/** /base/api/workStationMatrix: 岗位设置 of an org (the jobMatrixSet tab). */
export const workStationMatrixRoutes = (ctx: AppContext) => [
  handle(W.page, async (req) => ok(await ws.pageWorkStations(ctx, req.auth!, req.body))),
  handle(W.matrix, async (req) => ok(await ws.workStationMatrix(ctx, req.auth!, req.query.orgId))),
  handle(W.add, async (req) => ok(await ws.addWorkStation(ctx, req.auth!, req.body), '新增成功')),
  handle(W.update, async (req) => {
    await ws.updateWorkStation(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(W, {
    setStatus: (a, id, s) => ws.setWorkStationStatus(ctx, a, id, s),
    remove: (a, id) => ws.deleteWorkStation(ctx, a, id),
  }),
]
