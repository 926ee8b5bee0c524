import type { ModuleManifest } from '../manifest.js'
import { dataCentreRoutes } from './routes.js'

/** Data centre, low-code and IoT entries, and the data warehouse switch (docs/apps.md). */
export const dataCentreModule: ModuleManifest = {
  name: 'data-centre',
  routes: (ctx) => dataCentreRoutes(ctx),
}
