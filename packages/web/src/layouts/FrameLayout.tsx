import type { LayoutName } from '@zhixiao/shared'
import { Layout } from 'antd'
import { Link, Outlet } from 'react-router'
import { UserMenu } from '../components/UserMenu'
import { useSession } from '../stores/session'

const TITLES: Partial<Record<LayoutName, string>> = {
  old: '门户首页', jd: '局校一体平台', 'out-portal': '智慧校园', alliance: '联盟门户', 'manage-center': '管理中心',
}

/** The remaining layouts (old, jd, out-portal, alliance, manage-center): a titled header and the page. */
export function FrameLayout({ name }: { name: LayoutName }) {
  const sysName = useSession((s) => s.loginPageInfo?.sysName)
  const signedIn = useSession((s) => !!s.userInfo)
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout={name}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: name === 'jd' ? '#0b3d91' : '#1f2937', padding: '0 24px' }}>
        <Link to="/" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{sysName ?? TITLES[name]}</Link>
        {signedIn ? <UserMenu dark /> : <Link to="/redirect/login" style={{ color: '#fff' }}>登录</Link>}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  )
}

/** Full-page layout without chrome (login, organisation choice, personal centre). */
export function RedirectLayout() {
  return <div data-layout="redirect" style={{ minHeight: '100vh' }}><Outlet /></div>
}
