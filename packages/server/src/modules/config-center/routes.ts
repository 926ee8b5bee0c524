import { ConfigCenterMsg, configCenterContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readConfigCenter, saveConfigCenter } from './service.js'

/**
 * The config centre (001 §2.4; docs/config-center.md "Startup"), under /base/api/config/center: the public read the web app
 * makes once at startup, and the super administrator's save (/base-set/system).
 */
export const configCenterRoutes = (ctx: AppContext) => [
  handle(C.get, async () => ok(await readConfigCenter(ctx))),
  handle(C.getSlash, async () => ok(await readConfigCenter(ctx))),
  handle(C.save, async (req) => {
    await saveConfigCenter(ctx, req.body, req.auth!.accountId)
    return ok(null, ConfigCenterMsg.SAVED)
  }),
]
