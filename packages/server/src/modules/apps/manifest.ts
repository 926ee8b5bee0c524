import type { ModuleManifest } from '../manifest.js'
import {
  appGroupRoutes,
  appLinkRoutes,
  appRoutes,
  dynamicPermissionRoutes,
  fallbackAppRoutes,
  oftenUseRoutes,
  onceTokenRoutes,
} from './routes.js'

/** The app registry, groups, links, favourites and hand-over calls (docs/apps.md). */
export const appsModule: ModuleManifest = {
  name: 'apps',
  routes: (ctx) => [
    ...appGroupRoutes(ctx),
    ...appLinkRoutes(ctx),
    ...appRoutes(ctx),
    ...oftenUseRoutes(ctx),
    ...dynamicPermissionRoutes(ctx),
    ...fallbackAppRoutes(ctx),
    ...onceTokenRoutes(ctx),
  ],
}
