import {
  buildingAddBody, buildingPageBody, buildingRow, buildingUpdateBody, envelopeSchema, floorAddBody, floorRow, pageOf, roomAddBody, roomBatchAddBody,
  roomAttrBody, roomBatchMoveBody, roomPageBody, roomRow, roomUpdateBody, tagAddBody, tagRow, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './building-service.js'

const id = z.object({ id: zId() })
const can = (permission: string) => ({ permission })

/** /base/api/buildings and /base/api/floor (base-buildLot/roomManage); writes need the building button codes. */
export function buildingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['buildings']
    r.post('/page', { config: can('base_build_lot'), schema: { tags, summary: '楼宇分页', body: buildingPageBody, response: { 200: envelopeSchema(pageOf(buildingRow)) } } },
      async (req) => ok(await svc.pageBuildings(ctx, req.auth!, req.body)))
    r.post('/add', { config: can('base_building_add'), schema: { tags, summary: '新增楼宇（按楼层数生成楼层）', body: buildingAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addBuilding(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: can('base_building_edit'), schema: { tags, summary: '编辑楼宇', body: buildingUpdateBody } },
      async (req) => { await svc.updateBuilding(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config: can('base_building_edit'), deleteConfig: can('base_building_delete'), noun: '楼宇', deleteNote: '（无教室时）', setStatus: (a, id, s) => svc.setBuildingStatus(ctx, a, id, s), remove: (a, id) => svc.deleteBuilding(ctx, a, id) })
  }
}

export function floorRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['floor']
    r.get('/list', { config: can('base_build_lot'), schema: { tags, summary: '楼宇的楼层', querystring: z.object({ buildingId: zId() }), response: { 200: envelopeSchema(z.array(floorRow)) } } },
      async (req) => ok(await svc.listFloors(ctx, req.auth!, req.query.buildingId)))
    r.post('/add', { config: can('base_building_edit'), schema: { tags, summary: '新增楼层', body: floorAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addFloor(ctx, req.auth!, req.body), '新增成功'))
    r.post('/delete', { config: can('base_building_edit'), schema: { tags, summary: '删除楼层（无教室时）', body: id } },
      async (req) => { await svc.deleteFloor(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}

/** /base/api/classroom: rooms, batch add, batch move and 属性设置. */
export function roomRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['classroom']
    r.post('/page', { config: can('base_build_lot'), schema: { tags, summary: '教室分页', body: roomPageBody, response: { 200: envelopeSchema(pageOf(roomRow)) } } },
      async (req) => ok(await svc.pageRooms(ctx, req.auth!, req.body)))
    r.post('/add', { config: can('base_room_add'), schema: { tags, summary: '新增教室', body: roomAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addRoom(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: can('base_room_edit'), schema: { tags, summary: '编辑教室（含标签）', body: roomUpdateBody } },
      async (req) => { await svc.updateRoom(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config: can('base_room_enable'), deleteConfig: can('base_room_delete'), noun: '教室', setStatus: (a, id, s) => svc.setRoomStatus(ctx, a, id, s), remove: (a, id) => svc.deleteRoom(ctx, a, id) })
    r.post('/batchAdd', { config: can('base_room_add'), schema: { tags, summary: '批量新增教室', body: roomBatchAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => { const n = await svc.batchAddRooms(ctx, req.auth!, req.body); return ok(n, `已新增${n}间教室`) })
    r.post('/setAttr', { config: can('base_room_attr'), schema: { tags, summary: '属性设置（所选教室的用途、容纳人数）', body: roomAttrBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => { const n = await svc.setRoomAttrs(ctx, req.auth!, req.body); return ok(n, `已设置${n}间教室`) })
    r.post('/batchMove', { config: can('base_room_batch_move'), schema: { tags, summary: '批量移动教室到其他楼层', body: roomBatchMoveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => { const n = await svc.batchMoveRooms(ctx, req.auth!, req.body.roomIds, req.body.floorId); return ok(n, `已移动${n}间教室`) })
  }
}

/** /base/api/tags: room tags of an organisation. */
export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['tags']
    r.get('/list', { config: can('base_build_lot'), schema: { tags, summary: '教室标签', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(z.array(tagRow)) } } },
      async (req) => ok(await svc.listTags(ctx, req.auth!, req.query.orgId)))
    r.post('/add', { config: can('base_room_tags'), schema: { tags, summary: '新增标签', body: tagAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addTag(ctx, req.auth!, req.body), '新增成功'))
    r.post('/delete', { config: can('base_room_tags'), schema: { tags, summary: '删除标签', body: id } },
      async (req) => { await svc.deleteTag(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}
