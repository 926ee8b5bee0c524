import type { ModuleManifest } from '../manifest.js'
import { campusRoutes, classTeacherRoutes, weatherRoutes } from './routes.js'

/** The campus portal, the weather provider and a class's teachers (docs/campus.md "Campus portal"). */
export const campusModule: ModuleManifest = {
  name: 'campus',
  routes: (ctx) => [...campusRoutes(ctx), ...weatherRoutes(ctx), ...classTeacherRoutes(ctx)],
}
