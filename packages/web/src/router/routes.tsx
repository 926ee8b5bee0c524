import { ALUMNI_HOME, BASE_SET_ENTRY, ROUTE_REDIRECTS } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { RouteError } from '../features/errors/RouteError'
import { RouteSpinner } from '../components/RouteSpinner'
import { registerNavigator } from '../navigation/navigate'
import { registerPreloader } from '../navigation/preload'

const fallback = <RouteSpinner />

// Every lazy import carries its chunk's preload list (for these, antd's pieces) in the chunk that holds it. In the
// entry those lists are bytes the login page downloads and never uses (issue 22.14), so the entry imports only the
// login page and the bare layout itself; the shell and the open pages are imported from small modules. The shell's
// (router/layouts.ts) is a static import of the app-routes chunk that the first navigation to an app page patches in
// (and the login page preloads, navigation/preload.ts), so by the time the router asks for the shell it is already there.
const loadRedirectLayout = () => import('../layouts/RedirectLayout').then((m) => ({ Component: m.RedirectLayout }))
const loadShell = () => import('./layouts').then((m) => m.loadShell())

const loginPage = (admin: boolean) => async () => {
  const { default: LoginPage } = await import('../features/auth/LoginPage')
  return { element: <LoginPage admin={admin} /> }
}
const simplePage = (path: string, load: () => Promise<{ default: ComponentType<{ path: string }> }>) => async () => {
  const { default: Page } = await load()
  return { element: <Page path={path} /> }
}
type OpenPages = typeof import('./open-pages')
const openPage = (name: keyof OpenPages) => () => import('./open-pages').then((m) => m[name]())
const notFound = openPage('notFoundPage')

/** The login pages: the bare redirect layout, no session, no antd (they load with the entry's budget, issue 12). */
const LOGIN_PAGES: RouteObject[] = [
  { path: '/redirect/login', lazy: loginPage(false) },
  { path: '/redirect/admin', lazy: loginPage(true) },
  { path: '/redirect/admin/0', lazy: loginPage(true) },
]

/** Organisation choice and error pages: the bare redirect layout, no session needed. */
const OPEN_PAGES: RouteObject[] = [
  { path: '/redirect/selectOrg', lazy: simplePage('/redirect/selectOrg', openPage('orgSelectPage')) },
  // Sign-up and the request to join a school (docs/auth.md), opened from the login page's 注册 link.
  { path: '/redirect/signup', lazy: simplePage('/redirect/signup', openPage('signupPage')) },
  // The tenant's 服务条款, 隐私政策 and 儿童个人信息保护规则, linked from the login and sign-up pages (docs/privacy.md).
  { path: '/privacy/:kind', lazy: simplePage('/privacy', openPage('noticePage')) },
  // The third-party provider's answer arrives here (GET third/callback → loginByThirdSSO, docs/auth.md).
  { path: '/redirect/thirdLogin', lazy: simplePage('/redirect/thirdLogin', openPage('thirdLoginPage')) },
  // An app's OpenID sign-in, handed over by /t/<tenant>/sign-in/<uid> (docs/open-platform.md "Sign-in").
  { path: '/redirect/oidcLogin', lazy: simplePage('/redirect/oidcLogin', openPage('oidcLoginPage')) },
  // CAS (docs/open-platform.md "CAS"): /t/<tenant>/cas/login and /logout hand the browser to these pages.
  { path: '/redirect/casLogin', lazy: simplePage('/redirect/casLogin', openPage('casLoginPage')) },
  { path: '/redirect/casLogout', lazy: simplePage('/redirect/casLogout', openPage('casLogoutPage')) },
  // A graduate's alumni session (docs/school-year.md "Graduation and alumni"): read-only, no menus.
  { path: ALUMNI_HOME, lazy: simplePage(ALUMNI_HOME, openPage('alumniHomePage')) },
  { path: '/404', lazy: simplePage('/404', notFound) },
  { path: '/404/index', lazy: simplePage('/404/index', notFound) },
  { path: '/error/index', lazy: simplePage('/error/index', openPage('errorPage')) },
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
const guard =
  (name: 'rootLoader' | 'baseSetLoader' | 'schoolPortalLoader') =>
  async (args: LoaderFunctionArgs): Promise<never> => {
    const guards = await import('./guards')
    return guards[name](args)
  }
/** A fixed redirect that keeps the query string (/signin?orgId=3 → /redirect/login?orgId=3). */
const redirectLoader =
  (to: string) =>
  ({ request }: LoaderFunctionArgs): never => {
    throw redirect(to + new URL(request.url).search)
  }
let patched = false

export const router = createHashRouter(
  [
    {
      path: '/',
      loader: guard('rootLoader'),
      element: fallback,
      hydrateFallbackElement: fallback,
      errorElement: <RouteError />,
    },
    ...ROUTE_REDIRECTS.map(([from, to]): RouteObject => ({
      path: from,
      loader: redirectLoader(to),
      element: fallback,
      hydrateFallbackElement: fallback,
    })),
    { path: BASE_SET_ENTRY, loader: guard('baseSetLoader'), element: fallback, hydrateFallbackElement: fallback },
    {
      path: '/schoolPortal/home',
      loader: guard('schoolPortalLoader'),
      element: fallback,
      hydrateFallbackElement: fallback,
    },
    { lazy: loadRedirectLayout, hydrateFallbackElement: fallback, errorElement: <RouteError />, children: LOGIN_PAGES },
    {
      id: SHELL,
      lazy: loadShell,
      hydrateFallbackElement: fallback,
      errorElement: <RouteError />,
      children: [
        {
          lazy: loadRedirectLayout,
          hydrateFallbackElement: fallback,
          errorElement: <RouteError />,
          children: OPEN_PAGES,
        },
      ],
    },
    { path: '*', loader: redirectLoader('/404'), element: fallback, hydrateFallbackElement: fallback },
  ],
  {
    // The page routes arrive on the first navigation outside the pages above (a cold visit of /portal/home too): the
    // router asks here for any path it cannot match, or matches only through the * route, and then matches again.
    async patchRoutesOnNavigation({ patch }) {
      if (patched) return
      const { appRoutes } = await import('./app-routes')
      if (patched) return
      patched = true
      patch(SHELL, appRoutes())
    },
  },
)

registerNavigator((to, opts) => router.navigate(to, opts))
registerPreloader((path) => import('./preload-page').then((m) => m.preloadPage(path)))
