import { BASE_ROUTES, baseMode, isSuperAdmin, menuVisible, ROLE_ROUTES, SIDEBAR_WIDTH, type CurrentUserDetail, type MenuContext, type RouteMeta } from '@zhixiao/shared'
import { Layout, Menu, type MenuProps } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { canSee } from '../auth/access'
import { useSession } from '../stores/session'

const GROUPS: [prefix: string, title: string][] = [
  ['/base-useRoute', '使用指南'], ['/base-set', '系统设置'], ['/base-organization', '组织机构'], ['/base-buildLot', '楼宇教室'],
  ['/base-school', '学校设置'], ['/base-userAccount', '人员管理'], ['/base-logMonitor', '日志监控'], ['/base-searchPerson', '人员查询'],
  ['/base-communalFields', '公共字段'], ['/roles-', '角色权限'], ['/dataWare', '数据仓库'],
]

export function groupOf(path: string): string {
  return GROUPS.find(([p]) => path.startsWith(p))?.[1] ?? '其他'
}

/** The admin side menu: every non-hidden admin route the user may see, grouped by area. */
export function SideMenu() {
  const user = useSession((s) => s.userInfo)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const ctx = menuContext(user)
  const visible = [...BASE_ROUTES, ...ROLE_ROUTES].filter((r) => !r.hidden && canSee(r, user) && (!ctx || menuVisible(r, ctx)))
  const byGroup = new Map<string, RouteMeta[]>()
  for (const r of visible) byGroup.set(groupOf(r.path), [...(byGroup.get(groupOf(r.path)) ?? []), r])
  const items: MenuProps['items'] = [...byGroup].map(([title, routes]) => ({
    key: title, label: title, children: routes.map((r) => ({ key: r.path, label: r.title })),
  }))
  return (
    <Layout.Sider width={SIDEBAR_WIDTH} theme="light" style={{ borderRight: '1px solid #f0f0f0', overflow: 'auto' }}>
      <Menu mode="inline" items={items} selectedKeys={[pathname]} defaultOpenKeys={[groupOf(pathname)]} onClick={({ key }) => navigate(key)} />
    </Layout.Sider>
  )
}

/** The organisation facts the base-data menu rules read (000 §6). */
function menuContext(user: CurrentUserDetail | null): MenuContext | null {
  const org = user?.currentOrgData
  if (!user || !org) return null
  return {
    unitAttr: org.unitAttr, allianceSchool: org.allianceSchool, mode: baseMode(org.trade, org.appType),
    justOneOrgTenant: org.justOneOrgTenant, isTopOrg: org.parentId === null, isSuperAdmin: isSuperAdmin(user),
  }
}
