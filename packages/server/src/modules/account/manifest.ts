import type { ModuleManifest } from '../manifest.js'
import { accountRoutes, requiredInfoRoutes } from './routes.js'

/** The signed-in account: who am I, my orgs, passwords, and the required-information check after login (docs/api-auth.md). */
export const accountModule: ModuleManifest = {
  name: 'account',
  routes: (ctx) => [...accountRoutes(ctx), ...requiredInfoRoutes(ctx)],
}
