import { ALL_PAGE_ROUTES, BASE_SET_ENTRY, ROUTE_REDIRECTS, type LayoutName, type RouteMeta } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import { createHashRouter, type RouteObject } from 'react-router'
import { RouteError } from '../features/errors/RouteError'
import { RouteSpinner } from '../components/RouteSpinner'
import { baseSetLoader, guardLoader, redirectLoader, rootLoader, schoolPortalLoader } from './guards'
import { LAYOUTS, loadShell } from './layouts'
import { registerNavigator } from './navigation'
import { loadPage } from './page-table'
import type { PageProps } from './pages'
import { SUB_APP_ROUTES } from './sub-apps'

const fallback = <RouteSpinner />

/** A lazily loaded page whose element gets its route path and title. */
function lazyPage(path: string, title: string, load: () => Promise<{ default: ComponentType<PageProps> }>) {
  return async () => {
    const { default: Page } = await load()
    return { element: <Page path={path} title={title} /> }
  }
}

function pageRoute(meta: RouteMeta): RouteObject {
  return { path: meta.path, loader: guardLoader(meta), lazy: lazyPage(meta.path, meta.title, () => loadPage(meta.path)) }
}

/** Spec routes grouped under their layout (one pathless layout route per layout). */
function byLayout(routes: RouteMeta[]): RouteObject[] {
  const groups = new Map<LayoutName, RouteMeta[]>()
  for (const r of routes) groups.set(r.layout, [...(groups.get(r.layout) ?? []), r])
  return [...groups].map(([layout, list]) => ({
    lazy: LAYOUTS[layout], hydrateFallbackElement: fallback, errorElement: <RouteError />, children: list.map(pageRoute),
  }))
}

const loginPage = (admin: boolean) => async () => {
  const { default: LoginPage } = await import('../features/login/LoginPage')
  return { element: <LoginPage admin={admin} /> }
}
const simplePage = (path: string, load: () => Promise<{ default: ComponentType<{ path: string }> }>) => async () => {
  const { default: Page } = await load()
  return { element: <Page path={path} /> }
}
const notFound = () => import('../features/errors/NotFound')

/** The login pages: the bare redirect layout, no session, no antd (they load with the entry's budget, issue 12). */
const LOGIN_PAGES: RouteObject[] = [
  { path: '/redirect/login', lazy: loginPage(false) },
  { path: '/redirect/admin', lazy: loginPage(true) },
  { path: '/redirect/admin/0', lazy: loginPage(true) },
]

/** Organisation choice and error pages: the bare redirect layout, no session needed. */
const OPEN_PAGES: RouteObject[] = [
  { path: '/redirect/selectOrg', lazy: simplePage('/redirect/selectOrg', () => import('../features/org-select/OrgSelectPage')) },
  // Sign-up and the request to join a school (docs/auth.md), opened from the login page's 注册 link.
  { path: '/redirect/signup', lazy: simplePage('/redirect/signup', () => import('../features/signup/SignupPage')) },
  // The third-party provider's answer arrives here (GET third/callback → loginByThirdSSO, docs/auth.md).
  { path: '/redirect/thirdLogin', lazy: simplePage('/redirect/thirdLogin', () => import('../features/sso/ThirdLoginPage')) },
  { path: '/404', lazy: simplePage('/404', notFound) },
  { path: '/404/index', lazy: simplePage('/404/index', notFound) },
  { path: '/error/index', lazy: simplePage('/error/index', () => import('../features/errors/ErrorPage')) },
]

/**
 * Redirecting routes (their loaders decide, their element is the spinner) and the login pages sit outside the app
 * shell; every other page is inside it (antd, its locale and the query cache, router/shell.tsx), which stays mounted
 * while the user moves between layouts.
 */
export const router = createHashRouter([
  { path: '/', loader: rootLoader, element: fallback, hydrateFallbackElement: fallback, errorElement: <RouteError /> },
  ...ROUTE_REDIRECTS.map(([from, to]): RouteObject => ({ path: from, loader: redirectLoader(to), element: fallback, hydrateFallbackElement: fallback })),
  { path: BASE_SET_ENTRY, loader: baseSetLoader, element: fallback, hydrateFallbackElement: fallback },
  { path: '/schoolPortal/home', loader: schoolPortalLoader, element: fallback, hydrateFallbackElement: fallback },
  { lazy: LAYOUTS.redirect, hydrateFallbackElement: fallback, errorElement: <RouteError />, children: LOGIN_PAGES },
  {
    lazy: loadShell, hydrateFallbackElement: fallback, errorElement: <RouteError />,
    children: [
      { lazy: LAYOUTS.redirect, hydrateFallbackElement: fallback, errorElement: <RouteError />, children: OPEN_PAGES },
      ...byLayout([...ALL_PAGE_ROUTES, ...SUB_APP_ROUTES]),
    ],
  },
  { path: '*', loader: redirectLoader('/404'), element: fallback, hydrateFallbackElement: fallback },
])

registerNavigator((to, opts) => router.navigate(to, opts))
