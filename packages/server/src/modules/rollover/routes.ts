import { rolloverContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import {
  approvePlan,
  createPlan,
  currentPlan,
  markRepeat,
  planDetail,
  schoolPreview,
  schoolReport,
  setIntake,
} from './plan-service.js'
import { runPlan } from './runner.js'
import { undoSchool } from './run-service.js'

/** /base/api/school-year/rollover */
export const rolloverRoutes = (ctx: AppContext) => [
  handle(C.current, async (req) => ok(await currentPlan(ctx, req.auth!))),
  handle(C.detail, async (req) => ok(await planDetail(ctx, req.auth!, req.body))),
  handle(C.create, async (req) => ok(await createPlan(ctx, req.auth!, req.body), '结转计划已创建')),
  handle(C.school, async (req) => ok(await schoolPreview(ctx, req.auth!, req.body))),
  handle(C.markRepeat, async (req) => {
    await markRepeat(ctx, req.auth!, req.body)
    return ok(null, req.body.repeat ? '已标记留级' : '已取消留级')
  }),
  handle(C.setIntake, async (req) => {
    await setIntake(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
  handle(C.approve, async (req) => {
    await approvePlan(ctx, req.auth!, req.body)
    return ok(null, '结转计划已审批')
  }),
  handle(C.run, async (req) =>
    ok(await runPlan(ctx, req.auth!, req.body), req.body.orgId ? '该校结转完成' : '已开始在后台逐校结转'),
  ),
  handle(C.report, async (req) => ok(await schoolReport(ctx, req.auth!, req.body))),
  handle(C.undo, async (req) => ok(await undoSchool(ctx, req.auth!, req.body), '已撤销该校的结转')),
]
