import { Badge, Button, Popover } from 'antd'
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react'
import { useLocation } from 'react-router'
import { useAppGroups } from './api'
import { GridIcon } from './icons'
import { useRedDots } from '../red-dots/use-red-dots'
import type { AppLauncherProps } from './LauncherPanel'
import './apps.css'

// The panel (antd's Input, Radio and Empty with it) loads when the launcher is first opened or pointed at, not with
// every portal page's first screen (issue 28).
const loadPanel = () => import('./LauncherPanel')
const LauncherPanel = lazy(() => loadPanel().then((m) => ({ default: m.LauncherPanel })))

/** Application launcher (001 §2.6): groups on the left, search with history, grouped grid with star toggles. */
export function AppLauncher(p: AppLauncherProps) {
  // Open for the route it was opened on: navigating anywhere (an app, the back button) closes it.
  const { pathname } = useLocation()
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === pathname
  // The route at the moment of the click, not of the last render: a click landing between a hash change and the
  // router's render would otherwise open it for the page being left, and it would close as the new page renders.
  const setOpen = (v: boolean) => setOpenAt(v ? window.location.hash.replace(/^#/, '').split('?')[0] || '/' : null)
  const trigger = useRef<HTMLButtonElement>(null)
  // Escape closes it from anywhere inside (or from its button) and gives the focus back to the button.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return
    e.stopPropagation()
    setOpen(false)
    trigger.current?.focus()
  }
  const groups = useAppGroups()
  const dots = useRedDots()
  // A dot on the 应用 button when an app inside has one.
  const inside = dots.anyApp((groups.data ?? []).flatMap((g) => g.appList.map((a) => a.uniqueId)))
  return (
    // The panel mounts on opening and goes on closing (a fresh search each time); content must never be empty,
    // or the popover refuses to open.
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={
        <div onKeyDown={onKeyDown}>
          {/* Never empty while the panel loads: an empty content keeps the popover shut. */}
          <Suspense fallback={<div className="zx-launcher" data-testid="app-launcher-loading" aria-busy="true" />}>
            <LauncherPanel {...p} groups={groups.data ?? []} loading={groups.isLoading} close={() => setOpen(false)} />
          </Suspense>
        </div>
      }
    >
      <Button
        ref={trigger}
        type="text"
        className={p.dark ? 'zx-header-btn dark' : 'zx-header-btn'}
        icon={<GridIcon />}
        data-testid="app-launcher-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onKeyDown={onKeyDown}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Badge dot={inside} offset={[4, 0]} data-red-dot={inside ? 'dot' : undefined}>
          <span style={{ color: 'inherit' }}>应用</span>
        </Badge>
      </Button>
    </Popover>
  )
}
