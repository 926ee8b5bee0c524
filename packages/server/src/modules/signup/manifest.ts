import type { ModuleManifest } from '../manifest.js'
import { registerOrgRoutes, signupRoutes } from './routes.js'

/** Sign-up by SMS, the request to join an organisation and the organisations' register switch (docs/auth.md). */
export const signupModule: ModuleManifest = {
  name: 'signup',
  routes: (ctx) => [...signupRoutes(ctx), ...registerOrgRoutes(ctx)],
}
