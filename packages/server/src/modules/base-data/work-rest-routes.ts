import { envelopeSchema, pageOf, workRestAddBody, workRestRow, workRestTimeBody, workRestTimeRow, zId, zNumber } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './work-rest-service.js'

const id = z.object({ id: zId() })
const config = { permission: 'base_school' }

/** /base/api/workRest and /base/api/workRestTime (workAndRest, workAndRestDetail, workAndRestCheck). */
export function workRestRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['workRest']
    r.post('/page', { config, schema: { tags, summary: '作息分页', body: z.object({ orgId: zNumber().int().optional(), pageIndex: zNumber().int().min(1).default(1), pageSize: zNumber().int().min(1).max(200).default(20) }), response: { 200: envelopeSchema(pageOf(workRestRow)) } } },
      async (req) => ok(await svc.pageWorkRest(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增作息', body: workRestAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addWorkRest(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑作息', body: workRestAddBody.and(id) } },
      async (req) => { await svc.updateWorkRest(ctx, req.auth!, req.body.id, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '作息', deleteNote: '（连同时段）', setStatus: (a, id, s) => svc.setWorkRestStatus(ctx, a, id, s), remove: (a, id) => svc.deleteWorkRest(ctx, a, id) })
  }
}

export function workRestTimeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['workRestTime']
    r.get('/list', { config, schema: { tags, summary: '作息时段', querystring: z.object({ workRestId: zId() }), response: { 200: envelopeSchema(z.array(workRestTimeRow)) } } },
      async (req) => ok(await svc.listSlots(ctx, req.auth!, req.query.workRestId)))
    r.post('/add', { config, schema: { tags, summary: '新增时段（不得与已有时段重叠）', body: workRestTimeBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.saveSlot(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑时段（不得与其他时段重叠）', body: workRestTimeBody.and(id) } },
      async (req) => { await svc.saveSlot(ctx, req.auth!, req.body, req.body.id); return ok(null, '编辑成功') })
    r.post('/delete', { config, schema: { tags, summary: '删除时段', body: id } },
      async (req) => { await svc.deleteSlot(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}
