import { webhookContracts as W } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import * as hooks from './service.js'

/** /base/api/app/webhook (docs/open-platform.md "Webhooks"): top-org 应用管理 only (contract tenantWide). */
export const webhookRoutes = (ctx: AppContext) => [
  handle(W.get, async (req) => ok(await hooks.getSubscription(ctx, req.auth!, req.query.appId))),
  handle(W.save, async (req) => ok(await hooks.saveSubscription(ctx, req.auth!, req.body), '保存成功')),
  handle(W.deliveries, async (req) => ok(await hooks.deliveries(ctx, req.auth!, req.query))),
  handle(W.replay, async (req) => {
    await hooks.replay(ctx, req.auth!, req.body.id)
    return ok(null, '已重新加入推送队列')
  }),
  handle(W.test, async (req) => ok(await hooks.sendTest(ctx, req.auth!, req.body.appId), '测试事件已发送')),
]
