import type { LayoutName } from '@zhixiao/shared'
import { Layout, Space } from 'antd'
import { Link, NavLink, Outlet } from 'react-router'
import { UserMenu } from '../features/account/UserMenu'
import { useSession } from '../stores/session'

interface FrameSpec {
  name: Exclude<LayoutName, 'default' | 'home' | 'redirect' | 'none'>
  /** Title when the tenant has no system name of its own. */
  title: string
  subtitle: string
  background: string
  nav: [to: string, label: string][]
}

const FRAMES: Record<FrameSpec['name'], FrameSpec> = {
  old: { name: 'old', title: '智慧云平台', subtitle: '门户首页', background: '#1f2937', nav: [['/', '首页']] },
  jd: {
    name: 'jd', title: '局校一体平台', subtitle: '教育局端', background: 'linear-gradient(90deg,#0b3d91,#1565c0)',
    nav: [['/localSide/home/index', '首页'], ['/localSide/appCenter/index', '应用中心'], ['/localSide/navigation', '局端后台']],
  },
  'out-portal': {
    name: 'out-portal', title: '智慧校园', subtitle: '学校门户', background: 'linear-gradient(90deg,#0f766e,#14b8a6)',
    nav: [['/schoolPortal/home/index', '首页'], ['/schoolPortal/home/news', '学校新闻']],
  },
  alliance: {
    name: 'alliance', title: '联盟门户', subtitle: '联盟学校', background: 'linear-gradient(90deg,#6d28d9,#8b5cf6)',
    nav: [['/alliancePortal/home', '联盟首页']],
  },
  'manage-center': { name: 'manage-center', title: '管理中心', subtitle: '统一管理', background: '#111827', nav: [['/', '返回门户']] },
}

/** A titled header with the frame's own navigation, then the page; signed-out visitors get a login link. */
function Frame({ spec }: { spec: FrameSpec }) {
  const sysName = useSession((s) => s.loginPageInfo?.sysName)
  const signedIn = useSession((s) => !!s.userInfo)
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fb' }} data-layout={spec.name}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: spec.background, padding: '0 24px' }}>
        <Space size="large" align="center">
          <Link to="/" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{sysName ?? spec.title}</Link>
          <span style={{ color: 'rgba(255,255,255,.7)' }}>{spec.subtitle}</span>
          {spec.nav.map(([to, label]) => (
            <NavLink key={to} to={to} end style={({ isActive }) => ({ color: '#fff', opacity: isActive ? 1 : 0.75, fontWeight: isActive ? 600 : 400 })}>
              {label}
            </NavLink>
          ))}
        </Space>
        {signedIn ? <UserMenu dark /> : <Link to="/redirect/login" style={{ color: '#fff' }}>登录</Link>}
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1536, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  )
}

export const OldLayout = () => <Frame spec={FRAMES.old} />
export const JdLayout = () => <Frame spec={FRAMES.jd} />
export const OutPortalLayout = () => <Frame spec={FRAMES['out-portal']} />
export const AllianceLayout = () => <Frame spec={FRAMES.alliance} />
export const ManageCenterLayout = () => <Frame spec={FRAMES['manage-center']} />
