import { casContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { isRegisteredService, issueTicket, launchCasApp } from './cas-service.js'

/** The portal's side of CAS (docs/open-platform.md "CAS"): the login page's ticket, the return check, the launcher. */
export const casRoutes = (ctx: AppContext) => [
  handle(C.ticket, async (req) => ok(await issueTicket(ctx, req.auth!, req.params.tenantId, req.body.service))),
  handle(C.registered, async (req) => {
    const { service } = req.query
    return ok({ service: (await isRegisteredService(ctx, req.params.tenantId, service)) ? service : null })
  }),
  handle(C.launch, async (req) => ok(await launchCasApp(ctx, req.auth!, req.body.appId))),
]
