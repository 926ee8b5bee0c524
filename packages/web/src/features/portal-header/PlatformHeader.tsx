import { PLATFORM_MAX_TABS, splitVisible } from '@zhixiao/shared'
import { Dropdown } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { homePathFor } from '../../auth/landing'
import { HomeIcon } from '../../components/icons'
import { useSession } from '../../stores/session'
import { UserMenu } from '../account/UserMenu'
import { useAppGroups } from '../apps/api'
import { flattenApps } from './AppNav'
import { openApp } from './nav-target'
import { HeaderBar } from './HeaderBar'
import './portal-header.css'
import { MessageBell } from '../messages/MessageBell'

/**
 * The platform header (001 §2.6, admin layout): title, up to 9 app tabs with the rest under 更多, home, avatar. On a
 * phone `drawerTop` (the admin side menu) opens from the header's menu button above the tabs.
 */
export function PlatformHeader({ title, drawerTop }: { title: string; drawerTop?: ReactNode }) {
  const user = useCurrentUser().data ?? useSession.getState().userInfo
  const apps = flattenApps(useAppGroups().data ?? [])
  const { shown, more } = splitVisible(apps, PLATFORM_MAX_TABS)
  const home = user ? homePathFor(user) : '/'
  return (
    <HeaderBar
      testId="platform-header"
      style={{ background: '#001529' }}
      drawerTop={drawerTop}
      user={<UserMenu dark />}
      brand={
        <Link to={home} className="zx-ph-brand">
          <span className="zx-ph-title">{title}</span>
        </Link>
      }
    >
      <nav className="zx-ph-nav">
        {shown.map((a) => (
          <button
            type="button"
            key={a.appId}
            className="zx-ph-tab"
            data-testid="platform-tab"
            onClick={() => openApp(a)}
          >
            {a.name}
          </button>
        ))}
        {more.length > 0 && (
          <Dropdown
            menu={{ items: more.map((a) => ({ key: String(a.appId), label: a.name, onClick: () => openApp(a) })) }}
          >
            <button type="button" className="zx-ph-tab" data-testid="platform-more">
              更多
            </button>
          </Dropdown>
        )}
      </nav>
      <div className="zx-ph-tools">
        <MessageBell />
        <Link to={home} title="首页" data-testid="home-link">
          <HomeIcon size={18} />
        </Link>
      </div>
    </HeaderBar>
  )
}
