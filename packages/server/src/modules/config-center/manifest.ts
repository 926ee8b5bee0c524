import type { ModuleManifest } from '../manifest.js'
import { configCenterRoutes } from './routes.js'

/** The config centre the web app loads at startup (001 §2.4, docs/config-center.md "Startup"). */
export const configCenterModule: ModuleManifest = {
  name: 'config-center',
  routes: (ctx) => configCenterRoutes(ctx),
}
