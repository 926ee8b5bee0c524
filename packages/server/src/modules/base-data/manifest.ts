import type { ModuleManifest } from '../manifest.js'
import { buildingRoutes, floorRoutes, roomRoutes, tagRoutes } from './building-routes.js'
import { calendarRoutes, holidayRoutes, studyMonthRoutes } from './calendar-routes.js'
import { dictRoutes } from './dict-routes.js'
import { externalRoutes } from './external-routes.js'
import { classRoutes, gradeRoutes } from './grade-class-routes.js'
import { majorRoutes } from './major-routes.js'
import { subjectRoutes } from './subject-routes.js'
import { workRestRoutes, workRestTimeRoutes } from './work-rest-routes.js'
import { workRestTypeRoutes } from './work-rest-type-routes.js'
import { workStationMatrixRoutes } from './work-station-routes.js'

/** School base data: grades, classes, calendars, buildings, dictionaries, subjects, majors, timetables (docs/base-data.md). */
export const baseDataModule: ModuleManifest = {
  name: 'base-data',
  routes: (ctx) => [
    ...gradeRoutes(ctx),
    ...classRoutes(ctx),
    ...dictRoutes(ctx),
    ...calendarRoutes(ctx),
    ...holidayRoutes(ctx),
    ...studyMonthRoutes(ctx),
    ...buildingRoutes(ctx),
    ...floorRoutes(ctx),
    ...roomRoutes(ctx),
    ...tagRoutes(ctx),
    ...subjectRoutes(ctx),
    ...majorRoutes(ctx),
    ...workRestRoutes(ctx),
    ...workRestTimeRoutes(ctx),
    ...workRestTypeRoutes(ctx),
    ...workStationMatrixRoutes(ctx),
    ...externalRoutes(ctx),
  ],
}
