import type { ModuleManifest } from '../manifest.js'
import { intakeRoutes } from './routes.js'

/** Intake: feeder schools, the new first grade's import and admissions, 分班 (docs/school-year.md). */
export const intakeModule: ModuleManifest = {
  name: 'intake',
  routes: (ctx) => intakeRoutes(ctx),
}
