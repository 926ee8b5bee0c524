import type { ModuleManifest } from '../manifest.js'
import { ssoRoutes, thirdConfigRoutes } from './routes.js'

/** Single sign-on: the third-party sign-in calls, the code login and the tenant's providers (docs/auth.md). */
export const ssoModule: ModuleManifest = {
  name: 'sso',
  routes: (ctx) => [...ssoRoutes(ctx), ...thirdConfigRoutes(ctx)],
}
