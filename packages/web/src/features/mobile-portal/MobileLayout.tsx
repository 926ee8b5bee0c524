import { MOBILE_MESSAGE_CENTRE_PATH, MOBILE_TAB_ROUTE, type MobileTabKey } from '@zhixiao/shared'
import { Result, Spin } from 'antd'
import { createContext, useContext, useState } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { MessageBell } from '../messages/MessageBell'
import { storedChild, storeChild, useMobileHome } from './api'
import './mobile.css'

/** The parent's picked child, shared by the mobile pages (the home asks the server for it). */
interface ChildPick {
  childId: number | undefined
  pick: (id: number) => void
}
const ChildContext = createContext<ChildPick>({ childId: undefined, pick: () => {} })
export const useChildPick = () => useContext(ChildContext)

const TAB_ICON: Record<MobileTabKey, string> = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  apps: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  mine: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
}

/**
 * The mobile portal's frame for a 375 px phone (docs/mobile-portal.md "Mobile portal"): a header with the org and the
 * message bell, the page, and the bottom tabs of MobileMenuConfig. A terminal switched off in 移动端设置 shows its
 * closed message instead of any page.
 */
export function MobileLayout() {
  const [childId, setChildId] = useState(storedChild)
  const pick = (id: number) => {
    storeChild(id)
    setChildId(id)
  }
  const home = useMobileHome(childId)
  const { pathname } = useLocation()
  const data = home.data
  return (
    <ChildContext.Provider value={{ childId, pick }}>
      <div className="zx-m" data-layout="mobile" data-terminal={data?.terminal}>
        <header className="zx-m-head">
          <span className="zx-m-title" data-testid="mobile-org">
            {data?.orgName ?? '移动门户'}
          </span>
          {data?.enabled && <MessageBell to={MOBILE_MESSAGE_CENTRE_PATH} color="#fff" />}
        </header>
        <main className="zx-m-main">
          {home.isPending ? (
            <Spin style={{ display: 'block', margin: '80px auto' }} />
          ) : home.error ? (
            <Result status="warning" title={home.error.message || '移动门户加载失败'} />
          ) : data && !data.enabled ? (
            <Result
              status="info"
              title="移动端已关闭"
              subTitle={<span data-testid="mobile-closed">{data.closedMessage}</span>}
            />
          ) : (
            <Outlet />
          )}
        </main>
        {data?.enabled && data.tabs.length > 0 && (
          <nav className="zx-m-tabs" aria-label="底部菜单">
            {data.tabs.map((t) => {
              const to = MOBILE_TAB_ROUTE[t.key]
              return (
                <Link key={t.key} to={to} className={pathname === to ? 'zx-m-tab active' : 'zx-m-tab'} data-tab={t.key}>
                  <svg
                    width={22}
                    height={22}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={1.8}
                    strokeLinejoin="round"
                    aria-hidden
                  >
                    <path d={TAB_ICON[t.key]} />
                  </svg>
                  <span>{t.name}</span>
                </Link>
              )
            })}
          </nav>
        )}
      </div>
    </ChildContext.Provider>
  )
}
