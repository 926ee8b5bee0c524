import type { ModuleManifest } from '../manifest.js'
import { consentRoutes } from './routes.js'

/** The guardian consent ledger and the identity hub's gate on children's data (docs/privacy.md "Consent"). */
export const consentModule: ModuleManifest = {
  name: 'consent',
  routes: (ctx) => consentRoutes(ctx),
}
