import type { ModuleManifest } from '../manifest.js'
import { importLogRoutes } from './routes.js'

/** Background Excel imports of people: their logs and running tasks (docs/people.md); each kind's upload is in its own module. */
export const importsModule: ModuleManifest = {
  name: 'imports',
  routes: (ctx) => importLogRoutes(ctx),
}
