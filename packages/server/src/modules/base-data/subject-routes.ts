import { envelopeSchema, pageOf, subjectAddBody, subjectPageBody, subjectRow, subjectUpdateBody } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './subject-service.js'

/** /base/api/subjectMgr/subjectInfo (000 §7.9): a school's subjects. */
export function subjectRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['subjectMgr']
    const config = { permission: 'base_school' }
    r.post('/page', { config, schema: { tags, summary: '学科分页', body: subjectPageBody, response: { 200: envelopeSchema(pageOf(subjectRow)) } } },
      async (req) => ok(await svc.pageSubjects(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增学科', body: subjectAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addSubject(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑学科', body: subjectUpdateBody } },
      async (req) => { await svc.updateSubject(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '学科', setStatus: (a, id, s) => svc.setSubjectStatus(ctx, a, id, s), remove: (a, id) => svc.deleteSubject(ctx, a, id) })
  }
}
