import { envelopeSchema, majorAddBody, majorRow, majorUpdateBody, zNumber } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './major-service.js'

/** /base/api/major: faculties (schoolManage), majors (majorManage) and directions (majorDirection) of Z3 schools. */
export function majorRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['major']
    const config = { permission: 'base_school' }
    r.get('/tree', { config, schema: { tags, summary: '院系-专业-方向树', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(z.array(majorRow)) } } },
      async (req) => ok(await svc.majorTree(ctx, req.auth!, req.query.orgId)))
    r.post('/add', { config, schema: { tags, summary: '新增院系、专业或方向', body: majorAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addMajor(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑', body: majorUpdateBody } },
      async (req) => { await svc.updateMajor(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '院系/专业/方向', deleteNote: '（无下级时）', setStatus: (a, id, s) => svc.setMajorStatus(ctx, a, id, s), remove: (a, id) => svc.deleteMajor(ctx, a, id) })
  }
}
