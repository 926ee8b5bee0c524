import type { ModuleManifest } from '../manifest.js'
import { customLayoutRoutes, mobileConfigMgrRoutes, mobileHomeRoutes, mobileQuickRoutes } from './routes.js'

/** The mobile portal: its configs, home, alarm, parent-student layout and quick entries (docs/mobile-portal.md "Mobile portal"). */
export const mobilePortalModule: ModuleManifest = {
  name: 'mobile-portal',
  routes: (ctx) => [
    ...mobileConfigMgrRoutes(ctx),
    ...mobileHomeRoutes(ctx),
    ...customLayoutRoutes(ctx),
    ...mobileQuickRoutes(ctx),
  ],
}
