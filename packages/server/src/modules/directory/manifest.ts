import type { ModuleManifest } from '../manifest.js'
import { directoryRoutes } from './directory-routes.js'

/** The directory API for apps: /open/v1, read-only, by the app's client-credentials token. */
export const directoryModule: ModuleManifest = {
  name: 'directory',
  routes: (ctx) => directoryRoutes(ctx),
}
