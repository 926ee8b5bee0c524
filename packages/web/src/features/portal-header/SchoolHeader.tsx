import { DefaultTitle } from '@zhixiao/shared'
import { Button } from 'antd'
import { Link, NavLink } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { logout } from '../account/logout'
import { UserMenuButton } from '../account/UserMenuButton'
import { useMhSysConfig } from './api'
import { HeaderBar } from './HeaderBar'
import { HeaderBrand } from './HeaderBrand'
import './portal-header.css'
import { MessageBell } from '../messages/MessageBell'

const TABS: [to: string, label: string][] = [
  ['/schoolPortal/home/index', '首页'],
  ['/schoolPortal/home/news', '学校新闻'],
]

/** The school header (001 §2.6, out-portal layout): title, fixed tabs, personal centre, smart campus, logout menu. */
export function SchoolHeader() {
  const user = useCurrentUser().data
  const cfg = useMhSysConfig().data
  return (
    <HeaderBar
      testId="school-header"
      style={{ background: 'linear-gradient(90deg,#0f766e,#14b8a6)' }}
      brand={
        <HeaderBrand
          to={TABS[0]![0]}
          sysName={cfg?.sysName && cfg.source !== 'default' ? cfg.sysName : DefaultTitle.CAMPUS}
          logoUrl={cfg?.logoUrl}
          showLogo={cfg?.showLogo}
        />
      }
      user={
        user ? (
          <UserMenuButton
            menu={{ items: [{ key: 'logout', label: '退出' }], onClick: () => void logout() }}
            color="#fff"
          >
            {user.trueName}
          </UserMenuButton>
        ) : (
          <Link to="/redirect/login">
            <Button size="small" ghost>
              登录
            </Button>
          </Link>
        )
      }
    >
      <nav className="zx-ph-nav">
        {TABS.map(([to, label]) => (
          <NavLink key={to} to={to} end className="zx-ph-tab" data-testid="school-tab">
            {label}
          </NavLink>
        ))}
      </nav>
      {user && (
        <div className="zx-ph-tools">
          <MessageBell />
          <Link to="/oneselfCenter">个人中心</Link>
          <Link to="/portal/home">智慧校园</Link>
        </div>
      )}
    </HeaderBar>
  )
}
