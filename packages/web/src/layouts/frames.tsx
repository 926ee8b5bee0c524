import { isCompactWidth, layoutWidth } from '@zhixiao/shared'
import { Layout } from 'antd'
import type { ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { useCurrentUser } from '../api/queries'
import { useJdConfig, useHeaderOrgId, useMhSysConfig } from '../features/portal-header/api'
import { BureauHeader } from '../features/portal-header/BureauHeader'
import { BureauLoginHeader } from '../features/portal-header/BureauLoginHeader'
import { PlatformHeader } from '../features/portal-header/PlatformHeader'
import { PortalFooter } from '../features/portal-header/PortalFooter'
import { PortalHeader } from '../features/portal-header/PortalHeader'
import { SchoolHeader } from '../features/portal-header/SchoolHeader'
import { useWindowWidth } from '../features/portal-header/use-window-width'
import { HeaderLauncher } from '../features/apps/HeaderLauncher'
import { OftenUseDropdown } from '../features/apps/OftenUseDropdown'
import { useSession } from '../stores/session'
import { AssistantMount } from '../features/assistant/AssistantMount'

function Body({
  layout,
  header,
  gray = false,
  footerOrg,
}: {
  layout: string
  header: ReactNode
  gray?: boolean
  footerOrg?: number | null
}) {
  const width = useWindowWidth()
  return (
    <Layout
      style={{ minHeight: '100vh', background: '#f5f7fb' }}
      data-layout={layout}
      className={gray ? 'zx-ph-gray' : undefined}
      data-gray={gray}
    >
      {header}
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
      {footerOrg !== undefined && <PortalFooter orgId={footerOrg} />}
      <AssistantMount />
    </Layout>
  )
}

/** Old portal home (/old/home/:id): the portal header. */
export const OldLayout = () => (
  <Body
    layout="old"
    header={<PortalHeader launcher={<HeaderLauncher />} oftenUse={<OftenUseDropdown dark />} />}
    footerOrg={useCurrentUser().data?.orgId ?? null}
  />
)

/** JD layout: the bureau login header on /jdLogin/jdPlatForm, the bureau portal header elsewhere; bureau home greys with portalGray. */
export function JdLayout() {
  const { pathname } = useLocation()
  const orgId = useHeaderOrgId()
  const cfg = useJdConfig(orgId).data
  if (pathname.startsWith('/jdLogin/')) return <Body layout="jd" header={<BureauLoginHeader />} />
  return (
    <Body
      layout="jd"
      header={<BureauHeader />}
      gray={!!cfg?.portalGray && pathname.startsWith('/localSide/home')}
      footerOrg={orgId}
    />
  )
}

/** School portal (out-portal layout): the school header. */
export const OutPortalLayout = () => <Body layout="out-portal" header={<SchoolHeader />} footerOrg={useHeaderOrgId()} />

/** Alliance portal: the alliance header. */
export const AllianceLayout = () => (
  <Body layout="alliance" header={<BureauHeader variant="alliance" />} footerOrg={useHeaderOrgId()} />
)

/** Manage centre: the platform header. */
export function ManageCenterLayout() {
  const loginName = useSession((s) => s.loginPageInfo?.sysName)
  const configured = useMhSysConfig().data?.sysName
  const sysName = configured ?? loginName ?? '管理中心'
  return <Body layout="manage-center" header={<PlatformHeader title={`${sysName} · 管理中心`} />} />
}
