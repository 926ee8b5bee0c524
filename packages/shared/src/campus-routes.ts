import type { RouteMeta } from './route-basics.js'

/**
 * Campus portal pages (docs/campus.md "Campus portal"): the teacher's school at a glance (375 px first), and the
 * weather provider's settings under portal maintenance. Kept apart from campus.ts so the route table pulls in no
 * zod schema.
 */
export const CAMPUS_ROUTES: RouteMeta[] = [
  { path: '/mobile/campus', title: '校园门户', layout: 'redirect', hidden: true },
  { path: '/menhu-port/weather', title: '天气配置', layout: 'default', permission: 'sc_menhu_pc' },
  // Opened from a class's 班级教师 action in class management.
  { path: '/base-school/classTeachers', title: '班级教师', layout: 'default', permission: 'base_school', hidden: true },
]
