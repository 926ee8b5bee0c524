import { findRouteMeta, isCompactWidth, isPortalAdminPath } from '@zhixiao/shared'
import { Breadcrumb, Layout } from 'antd'
import { Outlet, useLocation } from 'react-router'
import { PlatformHeader } from '../features/portal-header/PlatformHeader'
import { useWindowWidth } from '../features/portal-header/use-window-width'
import { ImportPanel } from '../features/imports/ImportPanel'
import { useSession } from '../stores/session'
import { groupOf } from './menu'
import { AdminMenu, SideMenu } from './SideMenu'

/**
 * Admin layout: header, side menu (208 wide), breadcrumb (000 §2.4) and the floating import panel. On a phone the
 * side menu moves into the header's drawer and the page takes the whole width.
 */
export function DefaultLayout() {
  const sysName = useSession((s) => s.loginPageInfo?.sysName ?? '智慧平台')
  const { pathname } = useLocation()
  const compact = isCompactWidth(useWindowWidth())
  const meta = findRouteMeta(pathname)
  return (
    <Layout style={{ minHeight: '100vh' }} data-layout="default">
      {/* The portal-admin area (001 §2.1: /menhu-…, /generalPortal/setup) is named as such in the header. */}
      <PlatformHeader
        title={`${sysName} · ${isPortalAdminPath(pathname) ? '门户管理' : '管理后台'}`}
        drawerTop={compact ? <AdminMenu dark /> : undefined}
      />
      <Layout>
        {!compact && <SideMenu />}
        <Layout.Content style={{ padding: compact ? 12 : 24, background: '#f5f7fb', minWidth: 0 }}>
          <Breadcrumb
            style={{ marginBottom: compact ? 8 : 16 }}
            items={[groupOf(pathname), meta?.title ?? '']
              .filter((t, i, all) => all.indexOf(t) === i)
              .map((title) => ({ title }))}
          />
          <div
            style={{
              background: '#fff',
              borderRadius: 8,
              padding: compact ? 12 : 24,
              minHeight: 'calc(100vh - 168px)',
            }}
          >
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
      {/* Import progress (000 §4, 001 §2.6): polls only on base pages and only while a job runs. */}
      <ImportPanel />
    </Layout>
  )
}
