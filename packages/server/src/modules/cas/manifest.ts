import { onSignOut } from '../../platform/sign-out-hooks.js'
import { onClientSuspended } from '../app-clients/hub-client.js'
import type { ModuleManifest } from '../manifest.js'
import { installCasEndpoints } from './cas-endpoints.js'
import { casRoutes } from './cas-routes.js'
import { casSingleLogout, spendSuspendedTickets } from './cas-service.js'

/** The tenant's CAS server: /t/<tenant>/cas/…, the portal's ticket and launch calls, single logout, suspension. */
export const casModule: ModuleManifest = {
  name: 'cas',
  routes: (ctx) => casRoutes(ctx),
  install: async (app, ctx) => {
    onSignOut(casSingleLogout)
    onClientSuspended(spendSuspendedTickets)
    await installCasEndpoints(app, ctx)
  },
}
