import type { ModuleManifest } from '../manifest.js'
import { authRoutes } from './routes.js'

/** The password sign-in, the image check code, logout (docs/auth.md). */
export const authModule: ModuleManifest = {
  name: 'auth',
  routes: (ctx, deps) => authRoutes(ctx, { captchaText: deps.captchaText }),
}
