import type { ModuleManifest } from '../manifest.js'
import { appClientRoutes } from './routes.js'

export const appClientsModule: ModuleManifest = {
  name: 'app-clients',
  routes: (ctx) => appClientRoutes(ctx),
}
