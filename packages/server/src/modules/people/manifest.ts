import type { ModuleManifest } from '../manifest.js'
import { registerStudentCorrector } from '../privacy/request-service.js'
import { correctStudent } from './correction.js'
import { personalDetailsRoutes } from './personal-details.js'
import { parentRoutes, peopleExtraRoutes, studentRoutes, teacherRoutes } from './routes.js'

/** Teachers, students, parents and what goes with them: 异动, 加入审核, 人员查询, 关键日志, personal details (docs/people.md). */
export const peopleModule: ModuleManifest = {
  name: 'people',
  routes: (ctx) => [
    ...personalDetailsRoutes(ctx),
    ...teacherRoutes(ctx),
    ...studentRoutes(ctx),
    ...parentRoutes(ctx),
    ...peopleExtraRoutes(ctx),
  ],
  // A guardian's correction request is applied through the people module's rules (docs/privacy.md).
  install: async () => registerStudentCorrector(correctStudent),
}
