import type { ModuleManifest } from '../manifest.js'
import { cityRoutes } from './cities.js'
import { areaRoutes } from './routes.js'

/** The platform's area tree: eduarea (levels and areas, kept by the super administrator) and the city pickers (docs/base-data.md). */
export const areaModule: ModuleManifest = {
  name: 'area',
  routes: (ctx) => [...areaRoutes(ctx), ...cityRoutes(ctx)],
}
