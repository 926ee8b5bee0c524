import { ConsentMsg, consentContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { myChildConsents, recordPaperConsent, setConsent } from './service.js'

/** /base/api/privacy/consent */
export const consentRoutes = (ctx: AppContext) => [
  handle(C.myChild, async (req) => ok(await myChildConsents(ctx, req.auth!, req.query.childId))),
  handle(C.set, async (req) =>
    ok(await setConsent(ctx, req.auth!, req.body), req.body.given ? ConsentMsg.GIVEN : ConsentMsg.WITHDRAWN),
  ),
  handle(C.recordPaper, async (req) => ok(await recordPaperConsent(ctx, req.auth!, req.body), ConsentMsg.RECORDED)),
]
