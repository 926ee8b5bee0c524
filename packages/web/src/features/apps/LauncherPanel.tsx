import { AppMsg, type AppGroup, type AppRow } from '@zhixiao/shared'
import { Empty, Input, Radio, Spin } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { useCurrentUser } from '../../api/queries'
import { AppIcon, StarIcon } from './icons'
import { openApp } from './open-app'
import { useSearchHistory } from './search-history'
import { useFavourites } from './use-favourite'
import { RedDotBadge } from '../red-dots/RedDotBadge'
import { useRedDots } from '../red-dots/use-red-dots'

export interface AppLauncherProps {
  /** The header's colours are light on dark. */
  dark?: boolean
  /** mh_sys_config hasUserDefined: show 导航栏展示 (001 §2.6). */
  allowCustomise?: boolean
  /** true 多个应用 (4 apps in order), false 单个应用 (current app only). */
  hasMultiple?: boolean
  onHasMultipleChange?: (hasMultiple: boolean) => void
}

/**
 * One app tile: a button that opens the app (icon and name) and, beside it rather than inside it, the star toggle,
 * so neither interactive element is nested in the other (WCAG 4.1.2). The open button fills the tile.
 */
function AppTile({ app, onOpen, onStar }: { app: AppRow; onOpen: (a: AppRow) => void; onStar: (a: AppRow) => void }) {
  const dots = useRedDots()
  return (
    <div className="zx-app-tile" data-app={app.uniqueId} title={app.name}>
      <button type="button" className="zx-app-open" onClick={() => onOpen(app)}>
        <RedDotBadge dot={dots.dotOf('app', app.uniqueId)} maxCount={dots.maxCount}>
          <AppIcon name={app.name} iconUri={app.iconUri} appId={app.appId} />
        </RedDotBadge>
        <span className="zx-app-tile-name">{app.name}</span>
      </button>
      <button
        type="button"
        className={`zx-app-star${app.hasCollect ? ' on' : ''}`}
        aria-label={app.hasCollect ? `取消常用 ${app.name}` : `加入常用 ${app.name}`}
        aria-pressed={app.hasCollect}
        onClick={() => onStar(app)}
      >
        <StarIcon size={14} filled={app.hasCollect} />
      </button>
    </div>
  )
}

function Grid({ apps, onOpen, onStar }: { apps: AppRow[]; onOpen: (a: AppRow) => void; onStar: (a: AppRow) => void }) {
  return (
    <div className="zx-app-grid">
      {apps.map((a) => (
        <AppTile key={a.appId} app={a} onOpen={onOpen} onStar={onStar} />
      ))}
    </div>
  )
}

/** The launcher's panel: search with history, groups, the grouped grid and 导航栏展示. */
export function LauncherPanel({
  groups: offered,
  loading,
  close,
  ...p
}: AppLauncherProps & { groups: AppGroup[]; loading: boolean; close: () => void }) {
  const { data: user } = useCurrentUser()
  const permissions = user?.permissions ?? []
  const history = useSearchHistory(user?.id)
  const fav = useFavourites()
  const [keyword, setKeyword] = useState('')
  const body = useRef<HTMLDivElement>(null)
  // Only groups with something to open: a list of groups that each say 暂无应用 (a parent's, often) offers nothing.
  const groups = useMemo(() => offered.filter((g) => g.appList.length > 0), [offered])
  const all = useMemo(() => {
    const seen = new Map<number, AppRow>()
    for (const g of groups) for (const a of g.appList) if (!seen.has(a.appId)) seen.set(a.appId, a)
    return [...seen.values()]
  }, [groups])
  const open = (a: AppRow) => {
    history.remember(a)
    if (openApp(a, permissions)) close()
  }
  const star = (a: AppRow) => void fav.toggle(a)
  const k = keyword.trim().toLowerCase()
  const found = k ? all.filter((a) => a.name.toLowerCase().includes(k)) : []
  const jump = (id: number) =>
    body.current?.querySelector(`[data-group="${id}"]`)?.scrollIntoView({ block: 'start', behavior: 'smooth' })

  return (
    <div className="zx-launcher" data-testid="app-launcher" role="dialog" aria-label="应用">
      <div className="zx-launcher-top">
        {/* Opening the launcher moves the focus into it, onto the search (WCAG 2.4.3). */}
        <Input.Search
          placeholder="搜索应用"
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          aria-label="搜索应用"
          autoFocus
        />
        {history.items.length > 0 && (
          <div className="zx-launcher-history" data-testid="app-history">
            <span>最近：</span>
            {history.items.map((h) => {
              const app = all.find((a) => a.appId === h.appId)
              return (
                <button
                  type="button"
                  key={h.appId}
                  className="zx-history-tag"
                  onClick={() => (app ? open(app) : setKeyword(h.name))}
                >
                  {h.name}
                </button>
              )
            })}
          </div>
        )}
      </div>
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : k ? (
        <div className="zx-launcher-body" data-testid="app-search-result">
          {found.length ? (
            <Grid apps={found} onOpen={open} onStar={star} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={AppMsg.EMPTY_SEARCH} />
          )}
        </div>
      ) : (
        <div className="zx-launcher-main">
          <nav className="zx-launcher-groups" aria-label="应用分组">
            {groups.map((g) => (
              <button type="button" key={g.id} onClick={() => jump(g.id)}>
                {g.name}
              </button>
            ))}
          </nav>
          <div className="zx-launcher-body" ref={body}>
            {groups.map((g) => (
              <section key={g.id} data-group={g.id} className="zx-launcher-group">
                <h4>{g.name}</h4>
                <Grid apps={g.appList} onOpen={open} onStar={star} />
              </section>
            ))}
            {!groups.length && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={AppMsg.EMPTY_LAUNCHER}
                data-testid="app-launcher-empty"
              />
            )}
          </div>
        </div>
      )}
      {p.allowCustomise && (
        <div className="zx-launcher-setting">
          <span>导航栏展示</span>
          <Radio.Group
            size="small"
            value={p.hasMultiple ?? true}
            onChange={(e) => p.onHasMultipleChange?.(e.target.value as boolean)}
            options={[
              { label: '多个应用', value: true },
              { label: '单个应用', value: false },
            ]}
          />
        </div>
      )}
    </div>
  )
}
