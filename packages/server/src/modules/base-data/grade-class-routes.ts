import { classContracts as C, gradeContracts as G } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './grade-class-service.js'

/** /base/api/grade (gradeManage, gradeGuidang). */
export const gradeRoutes = (ctx: AppContext) => [
  handle(G.page, async (req) => ok(await svc.pageGrades(ctx, req.auth!, req.body))),
  handle(G.add, async (req) => ok(await svc.addGrade(ctx, req.auth!, req.body), '新增成功')),
  handle(G.update, async (req) => {
    await svc.updateGrade(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(G, {
    setStatus: (a, id, s) => svc.setGradeStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteGrade(ctx, a, id),
  }),
  handle(G.archive, async (req) => {
    await svc.archiveGrade(ctx, req.auth!, req.body.id, true)
    return ok(null, '归档成功')
  }),
  handle(G.resetArchive, async (req) => {
    await svc.archiveGrade(ctx, req.auth!, req.body.id, false)
    return ok(null, '恢复成功')
  }),
]

/** /base/api/class (classManage, classGuidang, addClass and the -zz variants). */
export const classRoutes = (ctx: AppContext) => [
  handle(C.page, async (req) => ok(await svc.pageClasses(ctx, req.auth!, req.body))),
  handle(C.add, async (req) => ok(await svc.addClass(ctx, req.auth!, req.body), '新增成功')),
  handle(C.update, async (req) => {
    await svc.updateClass(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(C, {
    setStatus: (a, id, s) => svc.setClassStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteClass(ctx, a, id),
  }),
  handle(C.archive, async (req) => {
    await svc.archiveClass(ctx, req.auth!, req.body.id, true)
    return ok(null, '归档成功')
  }),
  handle(C.resetArchive, async (req) => {
    await svc.archiveClass(ctx, req.auth!, req.body.id, false)
    return ok(null, '恢复成功')
  }),
]
