import { AppMsg, OFTEN_USE_SCROLL_AFTER, type AppRow } from '@zhixiao/shared'
import { Button, Empty, Popover, Spin } from 'antd'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { useOftenUse } from './api'
import { AppIcon, StarIcon } from './icons'
import { openApp } from './open-app'
import { useFavourites } from './use-favourite'
import { RedDotBadge } from '../red-dots/RedDotBadge'
import { useRedDots } from '../red-dots/use-red-dots'
import './apps.css'

function OftenPanel({ close }: { close: () => void }) {
  const { data: user } = useCurrentUser()
  const list = useOftenUse()
  const fav = useFavourites()
  const dots = useRedDots()
  const apps = list.data ?? []
  const open = (a: AppRow) => {
    if (openApp(a, user?.permissions ?? [])) close()
  }
  if (list.isLoading)
    return (
      <div className="zx-often">
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      </div>
    )
  if (!apps.length)
    return (
      <div className="zx-often" data-testid="often-use">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={AppMsg.EMPTY_OFTEN} />
      </div>
    )
  return (
    <div className="zx-often" data-testid="often-use">
      <ul className={`zx-often-list${apps.length > OFTEN_USE_SCROLL_AFTER ? ' scroll' : ''}`}>
        {apps.map((a) => (
          <li key={a.appId} data-app={a.uniqueId}>
            <RedDotBadge dot={dots.dotOf('app', a.uniqueId)} maxCount={dots.maxCount} offset={[-2, 2]}>
              <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} size={24} />
            </RedDotBadge>
            <button type="button" className="zx-often-name" onClick={() => open(a)}>
              {a.name}
            </button>
            <Button type="text" size="small" aria-label={`移除 ${a.name}`} onClick={() => void fav.remove(a.appId)}>
              ×
            </Button>
          </li>
        ))}
      </ul>
      <div className="zx-often-foot">
        <Button type="link" size="small" onClick={() => void fav.clear()}>
          清空
        </Button>
      </div>
    </div>
  )
}

/** Favourites dropdown 常用 (001 §2.6): open, remove one, 清空; scrolls past 9 entries. */
export function OftenUseDropdown({ dark }: { dark?: boolean }) {
  // Open for the route it was opened on: navigating anywhere (an app, the back button) closes it.
  const { pathname } = useLocation()
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === pathname
  const setOpen = (v: boolean) => setOpenAt(v ? pathname : null)
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      title="常用"
      destroyOnHidden
      content={<OftenPanel close={() => setOpen(false)} />}
    >
      <Button
        type="text"
        className={dark ? 'zx-header-btn dark' : 'zx-header-btn'}
        icon={<StarIcon />}
        data-testid="often-use-trigger"
      >
        常用
      </Button>
    </Popover>
  )
}
