import { privacyContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { myChildAccess, myChildren, pageAccessLog } from './access-log.js'
import { revealField } from './reveal-service.js'

/** /base/api/privacy */
export const privacyRoutes = (ctx: AppContext) => [
  handle(C.reveal, async (req) => ok(await revealField(ctx, req.auth!, req.body), '已记录本次查看')),
  handle(C.accessLogPage, async (req) => ok(await pageAccessLog(ctx, req.auth!, req.body))),
  handle(C.myChildren, async (req) => ok(await myChildren(ctx, req.auth!))),
  handle(C.myChildAccess, async (req) => ok(await myChildAccess(ctx, req.auth!, req.query.childId))),
]
