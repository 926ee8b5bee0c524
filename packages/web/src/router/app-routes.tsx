import { ALL_PAGE_ROUTES, type LayoutName, type RouteMeta } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { RouteSpinner } from '../components/RouteSpinner'
import { RouteError } from '../features/errors/RouteError'
import { guardLoader } from './guards'
import { LAYOUTS, loadShell } from './layouts'
import { loadPage } from './page-table'
import type { PageProps } from '../navigation/page-props'
import { SUB_APP_ROUTES } from './sub-apps'

/**
 * The spec's page routes (about 300 of them, and every issue adds more) as router objects. They are a lazy chunk of
 * their own: the router adds them the first time it navigates outside the login pages (routes.tsx,
 * patchRoutesOnNavigation), so the login route's budget (issue 12) does not grow with each page the portal gains.
 */
const fallback = <RouteSpinner />

/** A lazily loaded page whose element gets its route path and title. */
function lazyPage(path: string, title: string, load: () => Promise<{ default: ComponentType<PageProps> }>) {
  return async () => {
    const { default: Page } = await load()
    return { element: <Page path={path} title={title} /> }
  }
}

function pageRoute(meta: RouteMeta): RouteObject {
  return {
    path: meta.path,
    loader: guardLoader(meta),
    lazy: lazyPage(meta.path, meta.title, () => loadPage(meta.path)),
  }
}

/** Spec routes grouped under their layout (one pathless layout route per layout). */
function byLayout(routes: RouteMeta[]): RouteObject[] {
  const groups = new Map<LayoutName, RouteMeta[]>()
  for (const r of routes) groups.set(r.layout, [...(groups.get(r.layout) ?? []), r])
  return [...groups].map(([layout, list]) => ({
    lazy: LAYOUTS[layout],
    hydrateFallbackElement: fallback,
    errorElement: <RouteError />,
    children: list.map(pageRoute),
  }))
}

/** The children the app shell route gains (routes.tsx). */
export const appRoutes = (): RouteObject[] => byLayout([...ALL_PAGE_ROUTES, ...SUB_APP_ROUTES])

/**
 * Starts loading the app shell, layout and page chunks of `path` before navigating there, so a sign-in does not wait
 * for them after the login answers (the router's lazy() then finds the modules loaded). Unknown paths are ignored.
 */
export function preloadPage(path: string): void {
  const meta = ALL_PAGE_ROUTES.find((r) => r.path === path.split('?')[0])
  if (!meta) return
  void loadShell().catch(() => {})
  void LAYOUTS[meta.layout]().catch(() => {})
  void loadPage(meta.path).catch(() => {})
}
