import type { ModuleManifest } from '../manifest.js'
import { schoolStatsRoutes } from './routes.js'

/** The autumn statistics: snapshots, the statistics page's reads and the Excel export (docs/school-year.md). */
export const schoolStatsModule: ModuleManifest = {
  name: 'school-stats',
  routes: (ctx) => schoolStatsRoutes(ctx),
}
