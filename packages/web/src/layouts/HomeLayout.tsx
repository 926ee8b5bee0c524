import { ADMIN_ROLE } from '@zhixiao/shared'
import { Layout, Space } from 'antd'
import { Link, Outlet } from 'react-router'
import { UserMenu } from '../components/UserMenu'
import { useSession } from '../stores/session'

/** Portal home layout: the portal header (system name, home, admin gear for administrators, user menu). */
export function HomeLayout() {
  const sysName = useSession((s) => s.loginPageInfo?.sysName ?? '智慧平台')
  const isAdmin = useSession((s) => s.userInfo?.roles.includes(ADMIN_ROLE) ?? false)
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fb' }} data-layout="home">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: 'linear-gradient(90deg,#1456d9,#2f7bff)', padding: '0 24px' }}>
        <Space size="large">
          <Link to="/" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{sysName}</Link>
          <Link to="/portal/home" style={{ color: '#e6efff' }}>首页</Link>
        </Space>
        <Space size="large">
          {isAdmin && <Link to="/base-set" style={{ color: '#e6efff' }} title="管理后台">⚙ 管理后台</Link>}
          <UserMenu dark />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1536, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  )
}
