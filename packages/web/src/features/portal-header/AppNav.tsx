import {
  cutGroupName,
  cutTabTitle,
  groupMenuCount,
  splitVisible,
  style1TabCount,
  type AppGroup,
  type AppRow,
} from '@zhixiao/shared'
import { Badge, Dropdown, type MenuProps } from 'antd'
import { useLocation } from 'react-router'
import { openApp } from './nav-target'
import { RedDotBadge } from '../red-dots/RedDotBadge'
import { useRedDots, type RedDots } from '../red-dots/use-red-dots'

/** Distinct apps of the groups, in group order. */
export function flattenApps(groups: readonly AppGroup[]): AppRow[] {
  const seen = new Set<number>()
  return groups.flatMap((g) => g.appList).filter((a) => (seen.has(a.appId) ? false : (seen.add(a.appId), true)))
}

const isCurrent = (app: AppRow, pathname: string) =>
  !!app.reqUri && (pathname === app.reqUri || pathname.startsWith(`${app.reqUri}/`))

const appItems = (apps: readonly AppRow[], dots: RedDots): MenuProps['items'] =>
  apps.map((a) => ({
    key: `app-${a.appId}`,
    onClick: () => openApp(a),
    label: (
      <RedDotBadge dot={dots.dotOf('app', a.uniqueId)} maxCount={dots.maxCount} offset={[8, 0]}>
        <span data-app={a.uniqueId}>{a.name}</span>
      </RedDotBadge>
    ),
  }))

/**
 * Style 1 (001 §2.6): app tabs, as many as the width allows (1–4), titles cut to 6; the rest under 更多. With the
 * single-app choice only the current app's title shows.
 */
export function AppTabs({
  groups,
  width,
  multiple,
}: {
  groups: readonly AppGroup[]
  width: number
  multiple: boolean
}) {
  const { pathname } = useLocation()
  const dots = useRedDots()
  const apps = flattenApps(groups)
  if (!multiple) {
    const current = apps.find((a) => isCurrent(a, pathname))
    return current ? (
      <span className="zx-ph-tab" data-testid="current-app" data-active="true">
        {cutTabTitle(current.name)}
      </span>
    ) : null
  }
  const { shown, more } = splitVisible(apps, style1TabCount(width))
  return (
    <>
      {shown.map((a) => (
        <button
          type="button"
          key={a.appId}
          className="zx-ph-tab"
          data-testid="app-tab"
          data-app={a.uniqueId}
          data-active={isCurrent(a, pathname)}
          title={a.name}
          onClick={() => openApp(a)}
        >
          <RedDotBadge dot={dots.dotOf('app', a.uniqueId)} maxCount={dots.maxCount} offset={[6, 0]}>
            <span style={{ color: 'inherit' }}>{cutTabTitle(a.name)}</span>
          </RedDotBadge>
        </button>
      ))}
      {more.length > 0 && (
        <Dropdown menu={{ items: appItems(more, dots) }}>
          <button type="button" className="zx-ph-tab" data-testid="app-tab-more">
            <Badge dot={dots.anyApp(more.map((a) => a.uniqueId))} offset={[6, 0]}>
              <span style={{ color: 'inherit' }}>更多</span>
            </Badge>
          </button>
        </Dropdown>
      )}
    </>
  )
}

/** Style 2: a dropdown per group (2–11 by width), names cut to 4 plus …; the rest of the groups under 更多. */
export function GroupMenus({ groups, width }: { groups: readonly AppGroup[]; width: number }) {
  const dots = useRedDots()
  const nonEmpty = groups.filter((g) => g.appList.length > 0)
  const { shown, more } = splitVisible(nonEmpty, groupMenuCount(width))
  return (
    <>
      {shown.map((g) => (
        <Dropdown key={g.id} menu={{ items: appItems(g.appList, dots) }}>
          <button type="button" className="zx-ph-tab" data-testid="group-menu" title={g.name}>
            <Badge dot={dots.anyApp(g.appList.map((a) => a.uniqueId))} offset={[6, 0]}>
              <span style={{ color: 'inherit' }}>{cutGroupName(g.name)}</span>
            </Badge>
          </button>
        </Dropdown>
      ))}
      {more.length > 0 && (
        <Dropdown
          menu={{ items: more.map((g) => ({ key: `g-${g.id}`, label: g.name, children: appItems(g.appList, dots) })) }}
        >
          <button type="button" className="zx-ph-tab" data-testid="group-more">
            更多
          </button>
        </Dropdown>
      )}
    </>
  )
}
