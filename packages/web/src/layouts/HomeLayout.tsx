import { isCompactWidth, layoutWidth } from '@zhixiao/shared'
import { Layout } from 'antd'
import { Outlet, useLocation } from 'react-router'
import { useMhSysConfig } from '../features/portal-header/api'
import { PortalFooter } from '../features/portal-header/PortalFooter'
import { PortalHeader } from '../features/portal-header/PortalHeader'
import { HeaderLauncher } from '../features/apps/HeaderLauncher'
import { OftenUseDropdown } from '../features/apps/OftenUseDropdown'
import { useWindowWidth } from '../features/portal-header/use-window-width'
import { useCurrentUser } from '../api/queries'
import { AssistantMount } from '../features/assistant/AssistantMount'

/**
 * Portal home layout: the portal header (001 §2.6), the page at the layout width of §9, and the footer. The portal
 * home turns grey when portalGray is set (001 §4).
 */
export function HomeLayout() {
  const cfg = useMhSysConfig().data
  const orgId = useCurrentUser().data?.orgId ?? null
  const { pathname } = useLocation()
  const width = useWindowWidth()
  const gray = !!cfg?.portalGray && pathname.startsWith('/portal/home')
  return (
    <Layout
      style={{ minHeight: '100vh', background: '#f5f7fb' }}
      data-layout="home"
      className={gray ? 'zx-ph-gray' : undefined}
      data-gray={gray}
    >
      <PortalHeader launcher={<HeaderLauncher />} oftenUse={<OftenUseDropdown dark />} />
      <Layout.Content
        style={{
          padding: isCompactWidth(width) ? 12 : 24,
          maxWidth: layoutWidth(width),
          width: '100%',
          margin: '0 auto',
        }}
      >
        <Outlet />
      </Layout.Content>
      <PortalFooter orgId={orgId} />
      <AssistantMount />
    </Layout>
  )
}
