import { findRouteMeta } from '@zhixiao/shared'
import { Breadcrumb, Layout } from 'antd'
import { Link, Outlet, useLocation } from 'react-router'
import { UserMenu } from '../features/account/UserMenu'
import { ImportPanel } from '../features/imports/ImportPanel'
import { useSession } from '../stores/session'
import { groupOf } from './menu'
import { SideMenu } from './SideMenu'

/** Admin layout: header, side menu (208 wide), breadcrumb (000 §2.4) and the floating import panel. */
export function DefaultLayout() {
  const sysName = useSession((s) => s.loginPageInfo?.sysName ?? '智慧平台')
  const { pathname } = useLocation()
  const meta = findRouteMeta(pathname)
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="default">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', background: '#001529', padding: '0 24px' }}>
        <Link to="/" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{sysName} · 管理后台</Link>
        <UserMenu dark />
      </Layout.Header>
      <Layout>
        <SideMenu />
        <Layout.Content style={{ padding: 24, background: '#f5f7fb' }}>
          <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: groupOf(pathname) }, { title: meta?.title ?? '' }]} />
          <div style={{ background: '#fff', borderRadius: 8, padding: 24, minHeight: 'calc(100vh - 168px)' }}>
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
      {/* Import progress (000 §4, 001 §2.6): polls only on base pages and only while a job runs. */}
      <ImportPanel />
    </Layout>
  )
}
