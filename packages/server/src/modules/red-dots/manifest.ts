import type { ModuleManifest } from '../manifest.js'
import { classHomeRoutes, outerPortalRoutes, redDotConfigRoutes, redDotRoutes } from './routes.js'

/** Red dots, the class home and the outer-portal limits (docs/red-dots.md "Red dots, class home, outer portal"). */
export const redDotsModule: ModuleManifest = {
  name: 'red-dots',
  routes: (ctx) => [
    ...redDotConfigRoutes(ctx),
    ...redDotRoutes(ctx),
    ...classHomeRoutes(ctx),
    ...outerPortalRoutes(ctx),
  ],
}
