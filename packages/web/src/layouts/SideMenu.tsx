import { SIDEBAR_WIDTH } from '@zhixiao/shared'
import { Layout, Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../stores/session'
import { groupOf, menuGroups } from './menu'

/** The admin side menu (208 wide): every non-hidden admin route the user may see, grouped by area. */
export function SideMenu() {
  const user = useSession((s) => s.userInfo)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const items: MenuProps['items'] = useMemo(() => menuGroups(user).map((g) => ({
    key: g.title, label: g.title, children: g.routes.map((r) => ({ key: r.path, label: r.title })),
  })), [user])
  return (
    <Layout.Sider width={SIDEBAR_WIDTH} theme="light" style={{ borderRight: '1px solid #f0f0f0', overflow: 'auto' }} data-testid="side-menu">
      <Menu mode="inline" items={items} selectedKeys={[pathname]} defaultOpenKeys={[groupOf(pathname)]}
        onClick={({ key }) => void navigate(key)} style={{ borderInlineEnd: 0 }} />
    </Layout.Sider>
  )
}
