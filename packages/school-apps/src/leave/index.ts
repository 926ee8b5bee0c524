/**
 * 请假审批: parents ask leave for their children, teachers for themselves; head teachers, department heads and the
 * school leader decide; admins see the school's leave and export it (docs/school-apps.md, 请假审批).
 */
import type { SchoolApp } from '../kit/types.js'
import { seedLeaveDemo } from './demo.js'
import { leaveMigrations } from './migrations.js'
import { leaveRoutes } from './routes.js'
import { refreshBadges } from './service.js'

export const leaveApp: SchoolApp = {
  key: 'leave',
  title: '请假审批',
  migrations: leaveMigrations,
  routes: leaveRoutes,
  refreshBadges,
  seedDemo: async (ctx) =>
    seedLeaveDemo(
      ctx,
      (await ctx.directory.schools()).map((s) => s.id),
    ),
}
