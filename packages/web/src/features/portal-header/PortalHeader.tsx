import { defaultPortalTitle, type AppGroup } from '@zhixiao/shared'
import { Skeleton } from 'antd'
import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { homePathFor } from '../../auth/landing'
import { useSession } from '../../stores/session'
import { UserMenu } from '../account/UserMenu'
import { MENU_TARGET } from '../account/menu-actions'
import { useAppGroups } from '../apps/api'
import { useFeedbackEntry } from '../complaints/api'
import { adminTarget, canManagePortal, PORTAL_ADMIN_HOME, useBureauAccess } from './admin-entry'
import { useMhSysConfig, usePersonalMultiple } from './api'
import { AppTabs, GroupMenus } from './AppNav'
import { HeaderBar } from './HeaderBar'
import { HeaderBrand } from './HeaderBrand'
import { AdminToggle, FeedbackIcon, PhoneIcon, PortalAdminIcon } from './HeaderIcons'
import { UnifiedStrip } from './UnifiedStrip'
import { useWindowWidth } from './use-window-width'
import './portal-header.css'
import { PortalMenuTabs } from '../pc-portal/PortalMenuTabs'
import { MessageBell } from '../messages/MessageBell'
import { AllianceEntry } from '../alliance/AllianceEntry'
import { RedDotBadge } from '../red-dots/RedDotBadge'
import { useOpenedOnce } from '../../components/use-opened-once'
import { useRedDots } from '../red-dots/use-red-dots'

// The 手机端 drawer (antd Drawer and QRCode) loads when first opened, not with every portal page (issue 28).
const MobileEntryDrawer = lazy(() => import('./MobileEntryDrawer').then((m) => ({ default: m.MobileEntryDrawer })))

export interface PortalHeaderSlots {
  /** The app launcher (search, history, grouped grid) from features/apps, when mounted. */
  launcher?: ReactNode
  /** The 常用 favourites dropdown from features/apps, shown when hasOftenUse is on. */
  oftenUse?: ReactNode
}

const EMPTY: AppGroup[] = []

/**
 * The signed-in portal header (001 §2.6): brand (logo + name or wide image, long-title flag), navigation style 1
 * (app tabs) or 2 (group menus) by width, home, admin toggle, portal management, the unified-portal strip, the
 * mobile entry drawer, feedback, and the user menu. A skeleton shows until the config answers.
 */
export function PortalHeader({ launcher, oftenUse }: PortalHeaderSlots) {
  const stored = useSession((s) => s.userInfo)
  const embedded = useSession((s) => !!s.beFrom)
  const user = useCurrentUser().data ?? stored
  const { bureauAdmin } = useBureauAccess()
  const cfg = useMhSysConfig()
  const personal = usePersonalMultiple().data
  const feedback = useFeedbackEntry(user?.userType ?? null)
  // The configuration and the app groups arrive as query answers, which React renders at once in one task; the
  // header they fill (tabs, menus, tools) renders instead as a deferred update that yields every few ms, so a phone
  // is not blocked while the home's first screen comes in (issue 28, Lighthouse's blocking time).
  const groups = useDeferredValue(useAppGroups().data ?? EMPTY)
  const width = useWindowWidth()
  const [mobileOpen, setMobileOpen] = useState(false)
  const mobileMounted = useOpenedOnce(mobileOpen)
  const dots = useRedDots()
  const home = user ? homePathFor(user) : '/'

  const c = useDeferredValue(cfg.data)
  // One HeaderBar for both states, with the user menu in the same slot: when the config arrives the menu is kept,
  // not replaced, so a menu the user has already opened stays open (a second UserMenu in a skeleton header was
  // unmounted at that moment, closing the dropdown under the pointer).
  // The personal choice ('true'/'false') overrides the configured multiple-apps default (001 §6).
  const multiple = personal ?? c?.hasMultiple
  return (
    <HeaderBar
      testId={c ? 'portal-header' : 'portal-header-skeleton'}
      attrs={c ? { 'data-nav-style': c.navigationStyle } : undefined}
      user={<UserMenu dark />}
      brand={
        c ? (
          <HeaderBrand
            to={home}
            sysName={c.source === 'default' ? defaultPortalTitle(user?.currentOrgData?.trade) : c.sysName}
            logoUrl={c.logoUrl}
            showLogo={c.showLogo}
            wideImgUrl={c.wideImgUrl}
            styleSelect={c.styleSelect}
          />
        ) : (
          <Skeleton.Input active size="small" style={{ width: 160 }} />
        )
      }
    >
      {c ? (
        <>
          {/* The home tabs and links of PortalMenuConfig (features/pc-portal), the landing one with the home icon. */}
          <PortalMenuTabs />
          <nav className="zx-ph-nav" aria-label="应用导航">
            {c.navigationStyle === 2 ? (
              <GroupMenus groups={groups} width={width} />
            ) : (
              <AppTabs groups={groups} width={width} multiple={!!multiple} />
            )}
          </nav>
          <div className="zx-ph-tools">
            <UnifiedStrip cfg={c} />
            {c.hasOftenUse && oftenUse}
            {launcher}
            {c.webPageName && c.webPageUrl && (
              <a href={c.webPageUrl} target="_blank" rel="noopener noreferrer">
                {c.webPageName}
              </a>
            )}
            {/* Not when the portal was opened from another client (beFrom, docs/config-center.md "Startup"): it is the phone side already. */}
            {c.openMobileEntry && !embedded && (
              <span
                className="zx-ph-link"
                role="button"
                tabIndex={0}
                title="移动端入口"
                data-testid="mobile-entry-open"
                onClick={() => setMobileOpen(true)}
              >
                <PhoneIcon />
              </span>
            )}
            <MessageBell />
            <AllianceEntry />
            {feedback && (
              <Link
                to={MENU_TARGET.complaint}
                title="投诉建议"
                data-testid="feedback-entry"
                onClick={() => dots.clear('menu', 'feedback')}
              >
                <RedDotBadge dot={dots.dotOf('menu', 'feedback')} maxCount={dots.maxCount}>
                  <FeedbackIcon />
                </RedDotBadge>
              </Link>
            )}
            {canManagePortal(user) && (
              <Link
                to={PORTAL_ADMIN_HOME}
                title="门户管理"
                data-testid="portal-admin"
                onClick={() => dots.clear('menu', 'portalAdmin')}
              >
                <RedDotBadge dot={dots.dotOf('menu', 'portalAdmin')} maxCount={dots.maxCount}>
                  <PortalAdminIcon />
                </RedDotBadge>
              </Link>
            )}
            <AdminToggle adminTo={adminTarget(user, bureauAdmin)} homeTo={home} />
          </div>
          {mobileMounted && (
            <Suspense fallback={null}>
              <MobileEntryDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} />
            </Suspense>
          )}
        </>
      ) : (
        <>
          <Skeleton.Button active size="small" />
          <Skeleton.Button active size="small" />
          {/* An empty navigation fills the row as the real one does, so the user menu sits where it will stay (at the
              right): a menu opened now is still under the pointer when the configuration arrives. */}
          <div className="zx-ph-nav" />
        </>
      )}
    </HeaderBar>
  )
}
