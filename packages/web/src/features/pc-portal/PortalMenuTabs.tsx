import { portalMenuTabs, type PortalMenuTab } from '@zhixiao/shared'
import { Link, NavLink } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { homePathFor } from '../../auth/landing'
import { HomeIcon } from '../../components/icons'
import { useSession } from '../../stores/session'
import { getUnitAttr } from '../../stores/unit-attr'
import { usePortalMenu } from './api'

function TabLink({ tab, landing }: { tab: PortalMenuTab; landing: boolean }) {
  const attrs = {
    'data-testid': landing ? 'home-link' : 'portal-menu-tab',
    'data-menu-key': tab.key,
    className: 'zx-ph-tab',
  }
  const label = (
    <>
      {landing && <HomeIcon size={16} />}
      {tab.name}
    </>
  )
  if (tab.newWindow)
    return (
      <a href={tab.to} target="_blank" rel="noopener noreferrer" {...attrs}>
        {label}
      </a>
    )
  // A same-window link to another site or a hash route leaves the router; a path on this site stays in it.
  if (!tab.to.startsWith('/'))
    return (
      <a href={tab.to} {...attrs}>
        {label}
      </a>
    )
  return (
    <NavLink
      to={tab.to}
      end
      {...attrs}
      style={({ isActive }) => (isActive ? { background: 'rgba(255,255,255,.18)', color: '#fff' } : undefined)}
    >
      {label}
    </NavLink>
  )
}

/**
 * The PC portal menu of the portal header (PortalMenuConfig, docs/pc-portal.md): the homes of 001 §2.3 and extra
 * links in the configured order and names. A home the user may not open is never drawn. The tab of the user's
 * landing page carries the home icon (home-link); when the config hides it, a bare home icon still leads there.
 */
export function PortalMenuTabs() {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const cfg = usePortalMenu().data
  if (!user) return null
  const landing = homePathFor(user)
  const tabs = cfg
    ? portalMenuTabs(cfg, { unitAttr: getUnitAttr(user.currentOrgData?.unitAttr), permissions: user.permissions })
    : []
  const hasLanding = tabs.some((t) => t.home && t.to === landing)
  return (
    <>
      {!hasLanding && (
        <Link to={landing} data-testid="home-link" title="首页" aria-label="首页">
          <HomeIcon size={16} />
        </Link>
      )}
      {tabs.map((t) => (
        <TabLink key={t.key} tab={t} landing={!!t.home && t.to === landing} />
      ))}
    </>
  )
}
