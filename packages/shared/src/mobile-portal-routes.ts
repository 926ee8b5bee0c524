import type { RouteMeta } from './route-basics.js'

/**
 * The mobile portal (layout 'mobile', a 375 px phone) and the pages that configure it (001 §2.5 /menhu-teacher,
 * /menhu-parent, /menhu-Platform; docs/mobile-portal.md "Mobile portal"). The mobile pages are any member's: the server
 * answers what the user's terminal shows, or that it is closed.
 */
const t = (p: string, title: string, hidden = false): RouteMeta => ({
  path: `/menhu-teacher/${p}`,
  title,
  layout: 'default',
  permission: 'sc_menhu_mobile_t',
  hidden,
})
const p = (q: string, title: string, hidden = false): RouteMeta => ({
  path: `/menhu-parent/${q}`,
  title,
  layout: 'default',
  permission: 'sc_menhu_mobile_p',
  hidden,
})

export const MOBILE_PORTAL_ROUTES: RouteMeta[] = [
  { path: '/mobile/home', title: '移动门户', layout: 'mobile', hidden: true },
  { path: '/mobile/apps', title: '应用', layout: 'mobile', hidden: true },
  { path: '/mobile/mine', title: '我的', layout: 'mobile', hidden: true },
  // A parent's view of who looked at their child's record (docs/privacy.md).
  { path: '/mobile/childAccess', title: '谁查看了孩子的信息', layout: 'mobile', hidden: true },
  // A parent's deletion and correction requests (docs/privacy.md "Retention and requests").
  { path: '/mobile/childRequests', title: '更正或删除孩子的信息', layout: 'mobile', hidden: true },
  t('ration', '教师端轮播图'),
  { path: '/menhu-addration', title: '编辑轮播图', layout: 'default', permission: 'sc_menhu_mobile_t', hidden: true },
  t('moilble-application', '教师应用分组'),
  t('menu-management', '教师端菜单'),
  t('application-config', '教师快捷入口'),
  p('homeDesign', '首页设计'),
  p('student/home', '学生PC首页'),
  p('application', '家长应用分组'),
  p('student', '学生应用分组'),
  p('menu-management', '家长学生端菜单'),
  p('add-config', '家长学生快捷入口'),
  p('add-carousel', '家长学生端轮播图'),
  { path: '/menhu-Platform/index', title: '移动端设置', layout: 'default', permission: 'sc_menhu_mobile_en' },
]
