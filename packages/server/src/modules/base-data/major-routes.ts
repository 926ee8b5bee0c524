import { envelopeSchema, majorAddBody, majorRow, majorUpdateBody } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './major-service.js'

/** /base/api/major: faculties (schoolManage), majors (majorManage) and directions (majorDirection) of Z3 schools. */
export function majorRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['major']
    const config = { permission: 'base_school' }
    const id = z.object({ id: z.coerce.number().int() })
    r.get('/tree', { config, schema: { tags, summary: '院系-专业-方向树', querystring: z.object({ orgId: z.coerce.number().int().optional() }), response: { 200: envelopeSchema(z.array(majorRow)) } } },
      async (req) => ok(await svc.majorTree(ctx, req.auth!, req.query.orgId)))
    r.post('/add', { config, schema: { tags, summary: '新增院系、专业或方向', body: majorAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addMajor(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑', body: majorUpdateBody } },
      async (req) => { await svc.updateMajor(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/updateStatus', { config, schema: { tags, summary: '启用/停用', body: id.extend({ status: z.coerce.number().int().min(0).max(1) }) } },
      async (req) => { await svc.setMajorStatus(ctx, req.auth!, req.body.id, req.body.status); return ok(null, req.body.status === 0 ? '启用成功' : '停用成功') })
    r.post('/delete', { config, schema: { tags, summary: '删除（无下级时）', body: id } },
      async (req) => { await svc.deleteMajor(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}
