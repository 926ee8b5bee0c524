import { workRestContracts as W, workRestTimeContracts as T } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './work-rest-service.js'

/** /base/api/workRest (workAndRest, workAndRestDetail, workAndRestCheck). */
export const workRestRoutes = (ctx: AppContext) => [
  handle(W.page, async (req) => ok(await svc.pageWorkRest(ctx, req.auth!, req.body))),
  handle(W.add, async (req) => ok(await svc.addWorkRest(ctx, req.auth!, req.body), '新增成功')),
  handle(W.update, async (req) => {
    await svc.updateWorkRest(ctx, req.auth!, req.body.id, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(W, {
    setStatus: (a, id, s) => svc.setWorkRestStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteWorkRest(ctx, a, id),
  }),
]

/** /base/api/workRestTime: a schedule's slots. */
export const workRestTimeRoutes = (ctx: AppContext) => [
  handle(T.list, async (req) => ok(await svc.listSlots(ctx, req.auth!, req.query.workRestId))),
  handle(T.add, async (req) => ok(await svc.saveSlot(ctx, req.auth!, req.body), '新增成功')),
  handle(T.update, async (req) => {
    await svc.saveSlot(ctx, req.auth!, req.body, req.body.id)
    return ok(null, '编辑成功')
  }),
  handle(T.delete, async (req) => {
    await svc.deleteSlot(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
]
