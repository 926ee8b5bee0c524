import { BASE_SET_ENTRY, ROUTE_REDIRECTS } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { RouteError } from '../features/errors/RouteError'
import { RouteSpinner } from '../components/RouteSpinner'
import { LAYOUTS, loadShell } from './layouts'
import { registerNavigator } from './navigation'

const fallback = <RouteSpinner />

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
const SHELL = 'shell'

/**
 * The redirecting loaders of /, /base-set and /schoolPortal/home load with their first use: they bring the user call,
 * the menu rules and the landing rules, which the login page (the entry's budget, issue 12) does not need.
 */
const guard = (name: 'rootLoader' | 'baseSetLoader' | 'schoolPortalLoader') => async (args: LoaderFunctionArgs): Promise<never> => {
  const guards = await import('./guards')
  return guards[name](args)
}
/** A fixed redirect that keeps the query string (/signin?orgId=3 → /redirect/login?orgId=3). */
const redirectLoader = (to: string) => ({ request }: LoaderFunctionArgs): never => {
  throw redirect(to + new URL(request.url).search)
}
let patched = false

export const router = createHashRouter([
  { path: '/', loader: guard('rootLoader'), element: fallback, hydrateFallbackElement: fallback, errorElement: <RouteError /> },
  ...ROUTE_REDIRECTS.map(([from, to]): RouteObject => ({ path: from, loader: redirectLoader(to), element: fallback, hydrateFallbackElement: fallback })),
  { path: BASE_SET_ENTRY, loader: guard('baseSetLoader'), element: fallback, hydrateFallbackElement: fallback },
  { path: '/schoolPortal/home', loader: guard('schoolPortalLoader'), element: fallback, hydrateFallbackElement: fallback },
  { lazy: LAYOUTS.redirect, hydrateFallbackElement: fallback, errorElement: <RouteError />, children: LOGIN_PAGES },
  {
    id: SHELL, lazy: loadShell, hydrateFallbackElement: fallback, errorElement: <RouteError />,
    children: [{ lazy: LAYOUTS.redirect, hydrateFallbackElement: fallback, errorElement: <RouteError />, children: OPEN_PAGES }],
  },
  { path: '*', loader: redirectLoader('/404'), element: fallback, hydrateFallbackElement: fallback },
], {
  // The page routes arrive on the first navigation outside the pages above (a cold visit of /portal/home too): the
  // router asks here for any path it cannot match, or matches only through the * route, and then matches again.
  async patchRoutesOnNavigation({ patch }) {
    if (patched) return
    const { appRoutes } = await import('./app-routes')
    if (patched) return
    patched = true
    patch(SHELL, appRoutes())
  },
})

registerNavigator((to, opts) => router.navigate(to, opts))
