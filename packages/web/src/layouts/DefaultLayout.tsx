import { findRouteMeta } from '@zhixiao/shared'
import { Breadcrumb, Layout } from 'antd'
import { Outlet, useLocation } from 'react-router'
import { PlatformHeader } from '../features/portal-header/PlatformHeader'
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
      <PlatformHeader title={`${sysName} · 管理后台`} />
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
