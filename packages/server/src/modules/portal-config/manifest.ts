import type { ModuleManifest } from '../manifest.js'
import { configMgrRoutes, mobileInfoRoutes, tenantPortalRoutes, weatherConfigRoutes } from './routes.js'

/** The portal header's configs, the mobile entries, the tenant calls of the header and the weather location (docs/portal-config.md). */
export const portalConfigModule: ModuleManifest = {
  name: 'portal-config',
  routes: (ctx) => [
    ...configMgrRoutes(ctx),
    ...mobileInfoRoutes(ctx),
    ...tenantPortalRoutes(ctx),
    ...weatherConfigRoutes(ctx),
  ],
}
