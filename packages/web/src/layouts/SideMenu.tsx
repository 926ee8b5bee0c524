import { SIDEBAR_WIDTH } from '@zhixiao/shared'
import { Layout, Menu, type MenuProps } from 'antd'
import { useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSession } from '../stores/session'
import { groupOf, menuEntries } from './menu'

/** The admin menu: every non-hidden admin route the user may see, grouped by area (a lone page stands alone). */
export function AdminMenu({ dark = false, onNavigate }: { dark?: boolean; onNavigate?: () => void }) {
  const user = useSession((s) => s.userInfo)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const items: MenuProps['items'] = useMemo(
    () =>
      menuEntries(user).map((e) =>
        e.kind === 'page'
          ? { key: e.route.path, label: e.route.title }
          : { key: e.title, label: e.title, children: e.routes.map((r) => ({ key: r.path, label: r.title })) },
      ),
    [user],
  )
  return (
    <Menu
      mode="inline"
      theme={dark ? 'dark' : 'light'}
      items={items}
      selectedKeys={[pathname]}
      defaultOpenKeys={[groupOf(pathname)]}
      onClick={({ key }) => {
        onNavigate?.()
        void navigate(key)
      }}
      style={{ borderInlineEnd: 0 }}
      data-testid="admin-menu"
    />
  )
}

/** The admin side menu (208 wide) beside the page on wide screens. */
export function SideMenu() {
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      theme="light"
      style={{ borderRight: '1px solid #f0f0f0', overflow: 'auto' }}
      data-testid="side-menu"
    >
      <AdminMenu />
    </Layout.Sider>
  )
}
