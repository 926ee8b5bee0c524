import type { RouteMeta } from './route-basics.js'

/**
 * PC portal pieces that read their config (001 §2.5 /menhu-port and /menhu-systems; docs/portal-config.md "PC portal menu,
 * sidebar, websites, system info").
 */
export const PC_PORTAL_ROUTES: RouteMeta[] = [
  { path: '/menhu-port/menu', title: '门户菜单', layout: 'default', permission: 'sc_menhu_pc' },
  { path: '/menhu-port/sidebar-manager', title: '侧边栏管理', layout: 'default', permission: 'sc_menhu_pc' },
  { path: '/menhu-port/website-link', title: '推荐网站', layout: 'default', permission: 'sc_menhu_pc' },
  { path: '/menhu-port/app-manager', title: 'PC端应用分组', layout: 'default', permission: 'sc_menhu_pc' },
  { path: '/menhu-systems', title: '系统信息', layout: 'default', permission: 'sc_menhu_sys_info' },
]
