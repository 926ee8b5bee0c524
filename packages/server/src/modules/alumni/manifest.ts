import type { ModuleManifest } from '../manifest.js'
import { alumniRoutes } from './alumni-routes.js'

/** Graduation and alumni: the alumni account period and a school's graduates (docs/school-year.md). */
export const alumniModule: ModuleManifest = {
  name: 'alumni',
  routes: (ctx) => alumniRoutes(ctx),
}
