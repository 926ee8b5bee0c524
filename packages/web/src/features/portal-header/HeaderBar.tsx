import { isCompactWidth } from '@zhixiao/shared'
import { Drawer } from 'antd'
import { useEffect, useRef, useState, type CSSProperties, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { CloseIcon, MenuIcon } from '../../components/icons'
import { useScrolledPast } from './use-scrolled-past'
import { useWindowWidth } from './use-window-width'
import './portal-header.css'

/** The scroll distance from which the header is fixed at the top (000 §9). */
const HEADER_FIX_SCROLL = 102

export interface HeaderBarProps {
  testId: string
  /** The header's background (and colour); the phone drawer wears the same. */
  style?: CSSProperties
  /** Extra attributes of the header element (data-nav-style …). */
  attrs?: Record<`data-${string}`, string | number>
  brand: ReactNode
  /** The user menu (or 登录): in the bar at every width, so 退出, 修改密码 and 切换机构 stay one tap away. */
  user?: ReactNode
  /** Above the navigation in the phone drawer: the admin side menu on admin pages. */
  drawerTop?: ReactNode
  /** Home link, tabs or menus and the tools: in the bar on wide screens, in the drawer on phones. */
  children: ReactNode
}

/**
 * The frame every header shares. Wide: brand, navigation and tools, user menu in one row (001 §2.6, counts by
 * §9). Below COMPACT_BELOW (phones): a compact bar — menu button, brand, user menu — and the rest in a drawer from
 * the left, so nothing is pushed off-screen. The drawer closes on navigation or a tapped link.
 */
export function HeaderBar({ testId, style, attrs, brand, user, drawerTop, children }: HeaderBarProps) {
  const compact = isCompactWidth(useWindowWidth())
  // Scrolled down by the fixing distance, the header stays on screen; its slot keeps its height, so nothing jumps.
  // The slot is always there: pinning only changes classes, so an open menu in the header stays open.
  const pinned = useScrolledPast(HEADER_FIX_SCROLL)
  const { pathname } = useLocation()
  // Open for the route it was opened on: going anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === pathname
  // The header's own height, measured while it is in the flow, holds its place once it is fixed. Measured when the
  // browser has laid the page out anyway (a ResizeObserver), not in a layout effect: reading offsetHeight while the
  // home's first screen was being committed forced a layout of the whole page, 0.4 s on a throttled phone (issue 28).
  // While pinned the slot's height is the one set here, so the observer reports no change.
  const slotRef = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number>()
  useEffect(() => {
    const el = slotRef.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const seen = new ResizeObserver(() => setHeight(el.offsetHeight))
    seen.observe(el)
    return () => seen.disconnect()
  }, [compact])
  const slot = { ref: slotRef, className: 'zx-ph-slot', style: pinned && height ? { height } : undefined }
  const pin = pinned ? ' zx-ph-pinned' : ''
  if (!compact) {
    return (
      <div {...slot}>
        <header className={`zx-ph${pin}`} data-testid={testId} data-pinned={pinned} style={style} {...attrs}>
          {brand}
          {children}
          {user}
        </header>
      </div>
    )
  }
  const closeOnLink = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) setOpenAt(null)
  }
  return (
    <div {...slot}>
      <header
        className={`zx-ph zx-ph-compact${pin}`}
        data-testid={testId}
        data-compact="true"
        data-pinned={pinned}
        style={style}
        {...attrs}
      >
        <button
          type="button"
          className="zx-ph-menu-btn"
          aria-label="打开菜单"
          data-testid="header-menu-button"
          onClick={() => setOpenAt(pathname)}
        >
          <MenuIcon size={22} />
        </button>
        {brand}
        {user && <div className="zx-ph-tools">{user}</div>}
        {/* No antd title bar: the drawer wears the header's own colours from top to bottom. Its content (the whole
            navigation and the tools) renders when the drawer first opens, not hidden with the phone's first screen
            (issue 28: the largest part of the header's render on a phone). */}
        <Drawer
          open={open}
          onClose={() => setOpenAt(null)}
          placement="left"
          size={280}
          closable={false}
          styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
        >
          <div className="zx-ph zx-ph-drawer" data-testid="header-drawer" style={style} onClick={closeOnLink}>
            <button type="button" className="zx-ph-menu-btn" aria-label="关闭菜单" onClick={() => setOpenAt(null)}>
              <CloseIcon size={20} />
            </button>
            {drawerTop}
            {children}
          </div>
        </Drawer>
      </header>
    </div>
  )
}
