import type { ModuleManifest } from '../manifest.js'
import { pcPortalConfigRoutes, sidebarRoutes, systemInfoRoutes } from './routes.js'

/** The PC portal: menu and system info configs, the sidebar and recommended websites, the public system info (docs/pc-portal.md). */
export const pcPortalModule: ModuleManifest = {
  name: 'pc-portal',
  routes: (ctx) => [...pcPortalConfigRoutes(ctx), ...sidebarRoutes(ctx), ...systemInfoRoutes(ctx)],
}
