import { classAddBody, classPageBody, classRow, classUpdateBody, envelopeSchema, gradeAddBody, gradePageBody, gradeRow, gradeUpdateBody, pageOf, zId } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './grade-class-service.js'

const id = z.object({ id: zId() })
const config = { permission: 'base_school' }

/** /base/api/grade (gradeManage, gradeGuidang). */
export function gradeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['grade']
    r.post('/page', { config, schema: { tags, summary: '年级分页（archived 为归档年级）', body: gradePageBody, response: { 200: envelopeSchema(pageOf(gradeRow)) } } },
      async (req) => ok(await svc.pageGrades(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增年级', body: gradeAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addGrade(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑年级', body: gradeUpdateBody } },
      async (req) => { await svc.updateGrade(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '年级', deleteNote: '（无班级时）', setStatus: (a, id, s) => svc.setGradeStatus(ctx, a, id, s), remove: (a, id) => svc.deleteGrade(ctx, a, id) })
    r.post('/archive', { config, schema: { tags, summary: '归档年级（连同其班级）', body: id } },
      async (req) => { await svc.archiveGrade(ctx, req.auth!, req.body.id, true); return ok(null, '归档成功') })
    r.post('/resetArchive', { config, schema: { tags, summary: '恢复归档年级', body: id } },
      async (req) => { await svc.archiveGrade(ctx, req.auth!, req.body.id, false); return ok(null, '恢复成功') })
  }
}

/** /base/api/class (classManage, classGuidang, addClass and the -zz variants). */
export function classRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['class']
    r.post('/page', { config, schema: { tags, summary: '班级分页（archived 为归档班级）', body: classPageBody, response: { 200: envelopeSchema(pageOf(classRow)) } } },
      async (req) => ok(await svc.pageClasses(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增班级', body: classAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addClass(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑班级', body: classUpdateBody } },
      async (req) => { await svc.updateClass(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '班级', setStatus: (a, id, s) => svc.setClassStatus(ctx, a, id, s), remove: (a, id) => svc.deleteClass(ctx, a, id) })
    r.post('/archive', { config, schema: { tags, summary: '归档班级', body: id } },
      async (req) => { await svc.archiveClass(ctx, req.auth!, req.body.id, true); return ok(null, '归档成功') })
    r.post('/resetArchive', { config, schema: { tags, summary: '恢复归档班级（年级未归档时）', body: id } },
      async (req) => { await svc.archiveClass(ctx, req.auth!, req.body.id, false); return ok(null, '恢复成功') })
  }
}
