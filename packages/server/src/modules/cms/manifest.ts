import type { ModuleManifest } from '../manifest.js'
import { bannerRoutes, cmsRoutes, portalModuleRoutes } from './routes.js'

/** News, the portal homes' blocks and the carousel pictures (docs/portal-config.md). */
export const cmsModule: ModuleManifest = {
  name: 'cms',
  routes: (ctx) => [...cmsRoutes(ctx), ...portalModuleRoutes(ctx), ...bannerRoutes(ctx)],
}
