import { envelopeSchema, pageOf, subjectAddBody, subjectPageBody, subjectRow, subjectUpdateBody } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './subject-service.js'

/** /base/api/subjectMgr/subjectInfo (000 §7.9): a school's subjects. */
export function subjectRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['subjectMgr']
    const config = { permission: 'base_school' }
    const id = z.object({ id: z.coerce.number().int() })
    r.post('/page', { config, schema: { tags, summary: '学科分页', body: subjectPageBody, response: { 200: envelopeSchema(pageOf(subjectRow)) } } },
      async (req) => ok(await svc.pageSubjects(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增学科', body: subjectAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addSubject(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑学科', body: subjectUpdateBody } },
      async (req) => { await svc.updateSubject(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/updateStatus', { config, schema: { tags, summary: '启用/停用学科', body: id.extend({ status: z.coerce.number().int().min(0).max(1) }) } },
      async (req) => { await svc.setSubjectStatus(ctx, req.auth!, req.body.id, req.body.status); return ok(null, req.body.status === 0 ? '启用成功' : '停用成功') })
    r.post('/delete', { config, schema: { tags, summary: '删除学科', body: id } },
      async (req) => { await svc.deleteSubject(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}
