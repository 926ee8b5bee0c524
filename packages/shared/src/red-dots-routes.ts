import type { RouteMeta } from './route-basics.js'

/** Red dots (001 §2.5 /menhu-reddot), the class home and the outer-portal limits (/menhu-port); docs/red-dots.md. */
export const RED_DOT_ROUTES: RouteMeta[] = [
  { path: '/menhu-reddot', title: '红点管理', layout: 'default', permission: 'sc_menhu_redot_mgr' },
  { path: '/menhu-port/class-home', title: '班级主页配置', layout: 'default', permission: 'sc_menhu_pc' },
  { path: '/menhu-port/outer-limit', title: '公共门户访问限制', layout: 'default', permission: 'sc_menhu_pc' },
]
