import type { ModuleManifest } from '../manifest.js'
import { tenantRoutes } from './routes.js'

/** Tenants: the login page's public reads, the super administrator's tenant management, the password rule (docs/api-auth.md). */
export const tenantModule: ModuleManifest = {
  name: 'tenant',
  routes: (ctx) => tenantRoutes(ctx),
}
