import { appClientContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { publicOrigin } from '../../platform/public-origin.js'
import * as clients from './service.js'

/** /base/api/app/client (docs/open-platform.md "Registering an app"): top-org 应用管理 only (contract tenantWide). */
export const appClientRoutes = (ctx: AppContext) => [
  handle(C.get, async (req) => ok(await clients.getClient(ctx, req.auth!, req.query.appId, publicOrigin(ctx, req)))),
  handle(C.save, async (req) =>
    ok(await clients.saveClient(ctx, req.auth!, req.body, publicOrigin(ctx, req)), '保存成功'),
  ),
  handle(C.rotateSecret, async (req) =>
    ok(await clients.rotateSecret(ctx, req.auth!, req.body.appId), '密钥已重新生成'),
  ),
  handle(C.suspend, async (req) => {
    await clients.setSuspended(ctx, req.auth!, req.body.appId, true)
    return ok(null, '已停用')
  }),
  handle(C.resume, async (req) => {
    await clients.setSuspended(ctx, req.auth!, req.body.appId, false)
    return ok(null, '已恢复')
  }),
  handle(C.accessLog, async (req) => ok(await clients.accessLog(ctx, req.auth!, req.query))),
]
