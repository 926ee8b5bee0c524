import { areaContracts as A } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'

/** /base/api/eduarea: administrative levels (base-set/area/levelSet) and areas (areaSet). */
export const areaRoutes = (ctx: AppContext) => [
  handle(A.levelList, async () => ok(await svc.listLevels(ctx))),
  handle(A.levelAdd, async (req) => ok(await svc.addLevel(ctx, req.body), '新增成功')),
  handle(A.levelUpdate, async (req) => {
    await svc.updateLevel(ctx, req.body.id, { name: req.body.name, sort: req.body.sort })
    return ok(null, '编辑成功')
  }),
  handle(A.levelDelete, async (req) => {
    await svc.deleteLevel(ctx, req.body.id)
    return ok(null, '删除成功')
  }),
  handle(A.list, async (req) => ok(await svc.listAreas(ctx, req.query.parentCode))),
  handle(A.add, async (req) => {
    await svc.addArea(ctx, req.body)
    return ok(null, '新增成功')
  }),
  handle(A.update, async (req) => {
    await svc.updateArea(ctx, req.body)
    return ok(null, '编辑成功')
  }),
  handle(A.delete, async (req) => {
    await svc.deleteArea(ctx, req.body.code)
    return ok(null, '删除成功')
  }),
]
