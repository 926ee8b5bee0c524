import { Layout, Space } from 'antd'
import { Link, Outlet } from 'react-router'
import { HomeIcon, SettingIcon } from '../components/icons'
import { UserMenu } from '../features/account/UserMenu'
import { useSession } from '../stores/session'
import { adminEntry } from './menu'

const linkStyle = { color: '#e6efff', display: 'inline-flex', alignItems: 'center', gap: 6 }

/** Portal home layout: the portal header (system name, home, admin entry when the user has one, user menu). */
export function HomeLayout() {
  const sysName = useSession((s) => s.loginPageInfo?.sysName ?? '智慧平台')
  const user = useSession((s) => s.userInfo)
  const admin = adminEntry(user)
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fb' }} data-layout="home">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: 'linear-gradient(90deg,#1456d9,#2f7bff)', padding: '0 24px' }}>
        <Space size="large">
          <Link to="/" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }} data-testid="sys-name">{sysName}</Link>
          <Link to="/" style={linkStyle}><HomeIcon size={16} />首页</Link>
        </Space>
        <Space size="large">
          {admin && <Link to={admin} style={linkStyle} title="管理后台"><SettingIcon size={16} />管理后台</Link>}
          <UserMenu dark />
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1536, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  )
}
