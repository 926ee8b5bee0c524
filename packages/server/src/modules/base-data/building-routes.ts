import { buildingContracts as B, floorContracts as F, roomContracts as R, tagContracts as T } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './building-service.js'

/** /base/api/buildings (base-buildLot/roomManage); writes need the building button codes. */
export const buildingRoutes = (ctx: AppContext) => [
  handle(B.page, async (req) => ok(await svc.pageBuildings(ctx, req.auth!, req.body))),
  handle(B.add, async (req) => ok(await svc.addBuilding(ctx, req.auth!, req.body), '新增成功')),
  handle(B.update, async (req) => {
    await svc.updateBuilding(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(B, {
    setStatus: (a, id, s) => svc.setBuildingStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteBuilding(ctx, a, id),
  }),
]

/** /base/api/floor: a building's floors. */
export const floorRoutes = (ctx: AppContext) => [
  handle(F.list, async (req) => ok(await svc.listFloors(ctx, req.auth!, req.query.buildingId))),
  handle(F.add, async (req) => ok(await svc.addFloor(ctx, req.auth!, req.body), '新增成功')),
  handle(F.delete, async (req) => {
    await svc.deleteFloor(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
]

/** /base/api/classroom: rooms, batch add, batch move and 属性设置. */
export const roomRoutes = (ctx: AppContext) => [
  handle(R.page, async (req) => ok(await svc.pageRooms(ctx, req.auth!, req.body))),
  handle(R.add, async (req) => ok(await svc.addRoom(ctx, req.auth!, req.body), '新增成功')),
  handle(R.update, async (req) => {
    await svc.updateRoom(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(R, {
    setStatus: (a, id, s) => svc.setRoomStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteRoom(ctx, a, id),
  }),
  handle(R.batchAdd, async (req) => {
    const n = await svc.batchAddRooms(ctx, req.auth!, req.body)
    return ok(n, `已新增${n}间教室`)
  }),
  handle(R.setAttr, async (req) => {
    const n = await svc.setRoomAttrs(ctx, req.auth!, req.body)
    return ok(n, `已设置${n}间教室`)
  }),
  handle(R.batchMove, async (req) => {
    const n = await svc.batchMoveRooms(ctx, req.auth!, req.body.roomIds, req.body.floorId)
    return ok(n, `已移动${n}间教室`)
  }),
]

/** /base/api/tags: room tags of an organisation. */
export const tagRoutes = (ctx: AppContext) => [
  handle(T.list, async (req) => ok(await svc.listTags(ctx, req.auth!, req.query.orgId))),
  handle(T.add, async (req) => ok(await svc.addTag(ctx, req.auth!, req.body), '新增成功')),
  handle(T.delete, async (req) => {
    await svc.deleteTag(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
]
