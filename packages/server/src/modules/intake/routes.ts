import { intakeContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { importHandlers } from '../imports/routes.js'
import * as svc from './service.js'

/** /base/api/intake */
export const intakeRoutes = (ctx: AppContext) => [
  handle(C.feederList, async (req) => ok(await svc.listFeeders(ctx, req.auth!))),
  handle(C.myFeeders, async (req) => ok(await svc.myFeeders(ctx, req.auth!))),
  handle(C.feederAdd, async (req) => {
    await svc.addFeeder(ctx, req.auth!, req.body)
    return ok(null, '已添加对口关系')
  }),
  handle(C.feederRemove, async (req) => {
    await svc.removeFeeder(ctx, req.auth!, req.body)
    return ok(null, '已删除对口关系')
  }),
  handle(C.grade, async (req) => ok(await svc.gradeSummary(ctx, req.auth!))),
  handle(C.graduates, async (req) => ok(await svc.listGraduates(ctx, req.auth!))),
  handle(C.admit, async (req) => {
    const n = await svc.admitGraduates(ctx, req.auth!, req.body)
    return ok(n, `已录取${n}名学生`)
  }),
  handle(C.unplaced, async (req) => ok(await svc.listIntakeStudents(ctx, req.auth!))),
  handle(C.preview, async (req) => ok(await svc.previewPlacement(ctx, req.auth!))),
  handle(C.apply, async (req) => {
    const n = await svc.applyPlacement(ctx, req.auth!, req.body)
    return ok(n, `已分班${n}名学生`)
  }),
  handle(C.move, async (req) => {
    await svc.moveOne(ctx, req.auth!, req.body)
    return ok(null, '已调整班级')
  }),
  ...importHandlers(ctx, C, 'intake'),
]
