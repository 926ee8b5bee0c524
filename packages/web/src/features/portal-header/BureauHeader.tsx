import { alliancePortalPath, appCenterPath, isCompactWidth, type JdMhSysConfig } from '@zhixiao/shared'
import { Button, Skeleton } from 'antd'
import { Link, useLocation } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { HomeIcon } from '../../components/icons'
import { useSession } from '../../stores/session'
import { BUREAU_HOME, MENU_TARGET } from '../account/menu-actions'
import { UserMenu } from '../account/UserMenu'
import { adminTarget, useBureauAccess } from './admin-entry'
import { useFeedbackEntry } from '../complaints/api'
import { useAllianceConfig, useHeaderOrgId, useJdConfig } from './api'
import { BureauMenus } from './BureauMenus'
import { HeaderBar } from './HeaderBar'
import { HeaderBrand } from './HeaderBrand'
import { AdminToggle, AppCenterIcon, FeedbackIcon, PlatformIcon } from './HeaderIcons'
import { useWindowWidth } from './use-window-width'
import './portal-header.css'
import { MessageBell } from '../messages/MessageBell'
import { useAllianceRoot } from '../alliance/api'
import { AllianceMark } from '../alliance/AllianceMark'

const NAME_COLOR = ['#262626', '#0958d9', '#ffffff']

function CulturalPurpose({ cfg }: { cfg: JdMhSysConfig }) {
  if (!cfg.culturalPurposeContent) return null
  return cfg.culturalPurpose === 1 ? (
    <span data-testid="cultural-purpose" style={{ fontSize: 14, opacity: 0.9, whiteSpace: 'nowrap' }}>
      {cfg.culturalPurposeContent}
    </span>
  ) : (
    <img data-testid="cultural-purpose" src={cfg.culturalPurposeContent} alt="" style={{ height: 36 }} />
  )
}

/**
 * The bureau portal header (001 §2.6) and, with variant alliance, the alliance header: brand, home, menu entries
 * with 更多, cultural purpose, bureau-platform icon (tenantModuleType 1), admin gear/home, feedback and the user
 * menu, or 登录 for visitors.
 */
export function BureauHeader({ variant = 'jd' }: { variant?: 'jd' | 'alliance' }) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const sessionOrgId = useHeaderOrgId()
  const bureau = useBureauAccess(true)
  // The alliance header shows the alliance of the page (?orgId=, or the one the session org sits in), 001 §1.
  const root = useAllianceRoot(variant === 'alliance' && !!user).data
  const orgId = variant === 'alliance' && root ? root.orgId : sessionOrgId
  const jd = useJdConfig(variant === 'jd' ? orgId : null)
  const alliance = useAllianceConfig(variant === 'alliance' ? orgId : null)
  const feedback = useFeedbackEntry(user?.userType ?? null, orgId)
  const width = useWindowWidth()
  const { pathname, search } = useLocation()
  const cfg = (variant === 'jd' ? jd : alliance).data
  const home = variant === 'jd' ? BUREAU_HOME : root ? alliancePortalPath(root.orgId) : '/alliancePortal/home'

  if (!cfg) {
    return (
      <header className="zx-ph" data-testid="bureau-header-skeleton">
        <Skeleton.Input active size="small" style={{ width: 200 }} />
      </header>
    )
  }
  // Bureau menus follow what the account holds in the bureau org (001 §6); the alliance header, the session org's.
  const permitted = (code: string) =>
    bureau.bureauAdmin || (variant === 'jd' ? bureau.permissions : (user?.permissions ?? [])).includes(code)
  const background =
    cfg.showNavigationBarBackGround && cfg.navigationBarBackGroundUrl
      ? `url(${cfg.navigationBarBackGroundUrl}) center / cover`
      : 'linear-gradient(90deg,#0b3d91,#1565c0)'
  const tmt = user?.currentOrgData?.tenantModuleType ?? useSession.getState().tenantModuleType
  return (
    <HeaderBar
      testId={variant === 'jd' ? 'bureau-header' : 'alliance-header'}
      style={{ background, color: cfg.navigationBarContentColor }}
      brand={
        <span
          className="zx-ph-brand-wrap"
          style={{
            color: NAME_COLOR[cfg.sysNameFontColor],
            fontSize: isCompactWidth(width) ? 16 : cfg.sysNameSize ? 22 : 18,
            display: 'inline-flex',
            flexDirection: 'column',
            lineHeight: 1.2,
          }}
        >
          <span style={{ display: 'inline-flex', alignItems: 'center' }}>
            <HeaderBrand
              to={home}
              sysName={variant === 'alliance' && root && cfg.source === 'default' ? root.name : cfg.sysName}
              logoUrl={cfg.logoUrl}
              showLogo={cfg.showLogo}
              wideImgUrl={cfg.wideImgUrl}
              styleSelect={cfg.styleSelect}
            />
            {variant === 'alliance' && root && (
              <AllianceMark unitAttr={root.unitAttr} allianceSchool={root.allianceSchool} />
            )}
          </span>
          {/* The full header's full and English names (001 §2.6), when configured. */}
          {(cfg.sysFullName || cfg.sysEnName) && !cfg.styleSelect && (
            <span data-testid="sys-full-name" style={{ fontSize: 12, opacity: 0.85 }}>
              {[cfg.sysFullName, cfg.sysEnName].filter(Boolean).join(' · ')}
            </span>
          )}
        </span>
      }
      user={
        user ? (
          <UserMenu dark jd={variant === 'jd'} alliance={variant === 'alliance' ? root?.orgId : undefined} />
        ) : (
          <Link
            to={`/redirect/login?redirect=${encodeURIComponent(pathname + search)}&from=own${orgId ? `&orgId=${orgId}` : ''}`}
          >
            <Button size="small" ghost>
              登录
            </Button>
          </Link>
        )
      }
    >
      <Link to={home} data-testid="home-link">
        <HomeIcon size={16} />
        首页
      </Link>
      <nav className="zx-ph-nav" aria-label="菜单">
        <BureauMenus options={cfg.options} menuShowNum={cfg.menuShowNum} width={width} permitted={permitted} />
      </nav>
      <div className="zx-ph-tools">
        <CulturalPurpose cfg={cfg} />
        {cfg.outLinkList.map((l) => (
          <a key={l.linkName} href={l.linkUrl} target="_blank" rel="noopener noreferrer">
            {l.linkName}
          </a>
        ))}
        {tmt === 1 && variant === 'jd' && (
          <Link to={MENU_TARGET.jdPlatform} title="局校一体平台" data-testid="jd-platform">
            <PlatformIcon />
          </Link>
        )}
        {user && variant === 'jd' && (
          <Link to={appCenterPath(1)} title="应用中心" data-testid="app-center">
            <AppCenterIcon />
          </Link>
        )}
        {user && <MessageBell />}
        {user && <AdminToggle adminTo={adminTarget(user, bureau.bureauAdmin)} homeTo={home} />}
        {feedback && (
          <Link to={MENU_TARGET.complaint} title="投诉建议" data-testid="feedback-entry">
            <FeedbackIcon />
          </Link>
        )}
      </div>
    </HeaderBar>
  )
}
