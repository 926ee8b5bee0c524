import { Link, useLocation } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { HomeIcon, SettingIcon } from '../../components/icons'
import { logout } from '../account/logout'
import { UserMenuButton } from '../account/UserMenuButton'
import { UserAvatar } from '../../components/UserAvatar'
import { useBureauAccess } from './admin-entry'
import { useHeaderOrgId, useJdConfig } from './api'
import { HeaderBrand } from './HeaderBrand'
import './portal-header.css'

const INDEX = '/jdLogin/jdPlatForm/index'
const SET = '/jdLogin/jdPlatForm/jdSet'

/** The bureau login header (001 §2.6): platform name or logo, admin gear/home toggle, avatar with logout. */
export function BureauLoginHeader() {
  const user = useCurrentUser().data
  const cfg = useJdConfig(useHeaderOrgId()).data
  const { pathname } = useLocation()
  const { bureauAdmin } = useBureauAccess()
  const onSet = pathname.startsWith(SET)
  return (
    <header
      className="zx-ph"
      data-testid="bureau-login-header"
      style={{ background: 'linear-gradient(90deg,#0b3d91,#1565c0)' }}
    >
      <HeaderBrand
        to={INDEX}
        sysName={cfg?.platformName || '局校一体平台'}
        logoUrl={cfg?.logoUrl}
        showLogo={cfg?.showLogo}
      />
      <div style={{ flex: 1 }} />
      <div className="zx-ph-tools">
        {bureauAdmin &&
          (onSet ? (
            <Link to={INDEX} title="首页" data-testid="admin-home">
              <HomeIcon size={18} />
            </Link>
          ) : (
            <Link to={SET} title="设置" data-testid="admin-gear">
              <SettingIcon size={18} />
            </Link>
          ))}
        {user && (
          <UserMenuButton
            menu={{ items: [{ key: 'logout', label: '退出' }], onClick: () => void logout() }}
            color="#fff"
          >
            <UserAvatar name={user.trueName} src={user.avatarUrl} background="rgba(0,0,0,.25)" />
            {user.trueName}
          </UserMenuButton>
        )}
      </div>
    </header>
  )
}
