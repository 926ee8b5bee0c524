import { adminLevelBody, adminLevelRow, areaBody, areaRow, envelopeSchema, zId } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'

/** /base/api/eduarea: administrative levels (base-set/area/levelSet) and areas (areaSet). */
export function areaRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['eduarea']
    const admin = { superAdmin: true }
    const id = z.object({ id: zId() })
    r.get('/level/list', { schema: { tags, summary: '行政级别', response: { 200: envelopeSchema(z.array(adminLevelRow)) } } }, async () => ok(await svc.listLevels(ctx)))
    r.post('/level/add', { config: admin, schema: { tags, summary: '新增行政级别', body: adminLevelBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addLevel(ctx, req.body), '新增成功'))
    r.post('/level/update', { config: admin, schema: { tags, summary: '编辑行政级别', body: adminLevelBody.extend(id.shape) } },
      async (req) => { await svc.updateLevel(ctx, req.body.id, { name: req.body.name, sort: req.body.sort }); return ok(null, '编辑成功') })
    r.post('/level/delete', { config: admin, schema: { tags, summary: '删除行政级别', body: id } },
      async (req) => { await svc.deleteLevel(ctx, req.body.id); return ok(null, '删除成功') })
    r.get('/list', { schema: { tags, summary: '下级区域（不传 parentCode 为顶级）', querystring: z.object({ parentCode: z.string().regex(/^\d{6,9}$/).optional() }), response: { 200: envelopeSchema(z.array(areaRow)) } } },
      async (req) => ok(await svc.listAreas(ctx, req.query.parentCode)))
    r.post('/add', { config: admin, schema: { tags, summary: '新增区域', body: areaBody } }, async (req) => { await svc.addArea(ctx, req.body); return ok(null, '新增成功') })
    r.post('/update', { config: admin, schema: { tags, summary: '编辑区域', body: areaBody } }, async (req) => { await svc.updateArea(ctx, req.body); return ok(null, '编辑成功') })
    r.post('/delete', { config: admin, schema: { tags, summary: '删除区域（无下级时）', body: z.object({ code: z.string().max(20) }) } },
      async (req) => { await svc.deleteArea(ctx, req.body.code); return ok(null, '删除成功') })
  }
}
