import type { ModuleManifest } from '../manifest.js'
import { orgExcelRoutes, orgRoutes, orgSetupRoutes } from './routes.js'
import { orgTypeRoutes } from './type-routes.js'

/** Organisations: what members read about them, organisation setup with its Excel calls, and the org types (docs/base-data.md). */
export const organizationModule: ModuleManifest = {
  name: 'organization',
  routes: (ctx) => [...orgRoutes(ctx), ...orgSetupRoutes(ctx), ...orgExcelRoutes(ctx), ...orgTypeRoutes(ctx)],
}
