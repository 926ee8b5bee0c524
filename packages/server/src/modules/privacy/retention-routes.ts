import { PI_REQUEST_WORKING_DAYS, piRequestContracts as Q, retentionContracts as R } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { addRequest, handleRequest, myRequests, pageRequests } from './request-service.js'
import {
  addHold,
  pageHolds,
  pageJournal,
  pageLeavers,
  releaseHold,
  retentionPolicy,
  runScrubNow,
  saveRetentionPolicy,
} from './retention-service.js'

/** /base/api/privacy/retention and /base/api/privacy/request */
export const retentionRoutes = (ctx: AppContext) => [
  handle(R.policy, async (req) => ok(await retentionPolicy(ctx, req.auth!))),
  handle(R.savePolicy, async (req) => {
    await saveRetentionPolicy(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
  handle(R.run, async (req) => {
    const r = await runScrubNow(ctx, req.auth!)
    return ok(r, r.persons ? `已清理${r.persons}人的到期信息` : '没有到期需要清理的信息')
  }),
  handle(R.leavers, async (req) => ok(await pageLeavers(ctx, req.auth!, req.body))),
  handle(R.journal, async (req) => ok(await pageJournal(ctx, req.auth!, req.body))),
  handle(R.holds, async (req) => ok(await pageHolds(ctx, req.auth!, req.body))),
  handle(R.addHold, async (req) => ok(await addHold(ctx, req.auth!, req.body), '已设置法律保全')),
  handle(R.releaseHold, async (req) => {
    await releaseHold(ctx, req.auth!, req.body)
    return ok(null, '已解除法律保全')
  }),
  handle(Q.add, async (req) =>
    ok(await addRequest(ctx, req.auth!, req.body), `申请已提交，学校将在${PI_REQUEST_WORKING_DAYS}个工作日内处理`),
  ),
  handle(Q.mine, async (req) => ok(await myRequests(ctx, req.auth!))),
  handle(Q.page, async (req) => ok(await pageRequests(ctx, req.auth!, req.body))),
  handle(Q.handle, async (req) => ok(await handleRequest(ctx, req.auth!, req.body), '已处理')),
]
