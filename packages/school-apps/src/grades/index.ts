import type { SchoolApp } from '../kit/types.js'
import { seedGradesDemo } from './demo.js'
import { gradesMigrations } from './migrations.js'
import { gradesRoutes } from './routes.js'
import { refreshBadges } from './service.js'

/** 成绩管理: exams, scores (grid or Excel), publishing, results for students and guardians, class statistics. */
export const gradesApp: SchoolApp = {
  key: 'grades',
  title: '成绩管理',
  migrations: gradesMigrations,
  routes: gradesRoutes,
  seedDemo: async (ctx) =>
    seedGradesDemo(
      ctx,
      (await ctx.directory.schools()).map((s) => s.id),
    ),
  refreshBadges,
}
