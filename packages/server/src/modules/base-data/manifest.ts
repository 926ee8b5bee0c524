import type { ModuleManifest } from '../manifest.js'
import { classRoutes, gradeRoutes } from './grade-class-routes.js'

/** School base data: grades, classes, calendars, buildings, dictionaries, subjects, majors, timetables (docs/base-data.md). */
export const baseDataModule: ModuleManifest = {
  name: 'base-data',
  routes: (ctx) => [...gradeRoutes(ctx), ...classRoutes(ctx)],
}
