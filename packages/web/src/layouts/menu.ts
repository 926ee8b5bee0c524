import {
  BASE_ROUTES,
  COMPLAINT_ROUTES,
  MENHU_PORT_ROUTES,
  MOBILE_PORTAL_ROUTES,
  PC_PORTAL_ROUTES,
  RED_DOT_ROUTES,
  ROLE_ROUTES,
  type CurrentUserDetail,
  type RouteMeta,
} from '@zhixiao/shared'
import { canSee } from '../auth/access'

/** Side-menu groups of the admin (default) layout, by path prefix. */
const GROUPS: [prefix: string, title: string][] = [
  ['/base-useRoute', '使用指南'],
  ['/base-set', '系统设置'],
  ['/base-organization', '组织机构'],
  ['/base-buildLot', '楼宇教室'],
  // Before /base-school, which its paths also start with: roll-over, intake and feeders (docs/school-year.md).
  ['/base-schoolYear', '学年管理'],
  ['/base-school', '学校设置'],
  ['/base-userAccount', '人员管理'],
  ['/base-logMonitor', '日志监控'],
  ['/base-searchPerson', '人员查询'],
  ['/base-transfer', '转学管理'],
  ['/base-privacyLog', '个人信息保护'],
  ['/base-statistics', '统计报表'],
  ['/base-communalFields', '公共字段'],
  ['/roles-', '角色权限'],
  ['/dataWare', '数据仓库'],
  ['/menhu-port', '门户管理'],
  ['/menhu-systems', '系统信息'],
  ['/menhu-reddot', '红点管理'],
  ['/menhu-complaintSuggest', '投诉建议'],
  ['/menhu-teacher', '教师移动端'],
  ['/menhu-parent', '家长学生移动端'],
  ['/menhu-Platform', '移动端设置'],
]

export function groupOf(path: string): string {
  return GROUPS.find(([p]) => path.startsWith(p))?.[1] ?? '其他'
}

/**
 * The admin routes the user may see and that belong in a menu (000 §6: menus are filtered the same way as routes,
 * page codes and the base-data menu rules alike, through canSee).
 */
export function visibleAdminRoutes(user: CurrentUserDetail | null): RouteMeta[] {
  return [
    ...BASE_ROUTES,
    ...ROLE_ROUTES,
    ...MENHU_PORT_ROUTES,
    ...PC_PORTAL_ROUTES,
    ...RED_DOT_ROUTES,
    ...COMPLAINT_ROUTES,
    ...MOBILE_PORTAL_ROUTES,
  ].filter((r) => !r.hidden && canSee(r, user))
}

/** The first admin page a user reaches through a real grant (not the open usage guide), or null for none. */
export function adminEntry(user: CurrentUserDetail | null): string | null {
  return visibleAdminRoutes(user).find((r) => r.permission || r.adminOnly)?.path ?? null
}

/** The first base-data page (/base-…) a user reaches through a real grant: where /base-set leads a tenant admin. */
export function baseDataEntry(user: CurrentUserDetail | null): string | null {
  return (
    visibleAdminRoutes(user).find((r) => r.path.startsWith('/base-') && (r.permission || r.adminOnly))?.path ?? null
  )
}

export interface MenuGroup {
  title: string
  routes: RouteMeta[]
}

export function menuGroups(user: CurrentUserDetail | null): MenuGroup[] {
  const groups = new Map<string, RouteMeta[]>()
  for (const r of visibleAdminRoutes(user)) groups.set(groupOf(r.path), [...(groups.get(groupOf(r.path)) ?? []), r])
  return [...groups].map(([title, routes]) => ({ title, routes }))
}

/** A side-menu entry: a group with its pages, or a page alone when its group holds only it (no 楼宇教室 › 楼宇教室). */
export type MenuEntry = { kind: 'group'; title: string; routes: RouteMeta[] } | { kind: 'page'; route: RouteMeta }

export function menuEntries(user: CurrentUserDetail | null): MenuEntry[] {
  return menuGroups(user).map((g): MenuEntry =>
    g.routes.length === 1 ? { kind: 'page', route: g.routes[0]! } : { kind: 'group', ...g },
  )
}
