import { ALL_PAGE_ROUTES, SUB_APP_LAYOUTS, SUB_APPS, subAppPath, type LayoutName, type RouteMeta } from '@zhixiao/shared'
import { Spin } from 'antd'
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { createHashRouter, Navigate, type RouteObject } from 'react-router'
import { guardLoader, rootLoader } from '../auth/session-loader'
import { appConfig } from '../config'
import { DefaultLayout } from '../layouts/DefaultLayout'
import { FrameLayout, RedirectLayout } from '../layouts/FrameLayout'
import { HomeLayout } from '../layouts/HomeLayout'
import { useSession } from '../stores/session'
import { registerNavigator } from './navigation'

// Every page is its own chunk: the login page ships no admin code.
const LoginPage = lazy(() => import('../features/login/LoginPage'))
const OrgSelectPage = lazy(() => import('../features/login/OrgSelectPage'))
const PortalHome = lazy(() => import('../features/portal/PortalHome'))
const Placeholder = lazy(() => import('../features/placeholder/Placeholder'))
const NotFound = lazy(() => import('../features/errors/NotFound'))
const ErrorPage = lazy(() => import('../features/errors/ErrorPage'))

const spinner = <Spin style={{ display: 'block', margin: '30vh auto' }} />
const page = (node: ReactNode) => <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>{node}</Suspense>

/** Pages built so far; every other route of the spec shows its placeholder inside the right layout. */
const BUILT: Record<string, ComponentType<{ path: string; title: string }>> = {
  '/portal/home': PortalHome, '/portal/personal': PortalHome, '/portal/class': PortalHome, '/portal/systemCenter': PortalHome,
}

const LAYOUTS: Record<Exclude<LayoutName, 'none'>, ReactNode> = {
  default: <DefaultLayout />, home: <HomeLayout />, redirect: <RedirectLayout />, old: <FrameLayout name="old" />, jd: <FrameLayout name="jd" />,
  'out-portal': <FrameLayout name="out-portal" />, alliance: <FrameLayout name="alliance" />, 'manage-center': <FrameLayout name="manage-center" />,
}

function pageRoute(meta: RouteMeta): RouteObject {
  const Page = BUILT[meta.path] ?? Placeholder
  return { path: meta.path, loader: guardLoader(meta), element: page(<Page path={meta.path} title={meta.title} />) }
}

const subAppRoutes: RouteMeta[] = SUB_APPS.map((name) => ({
  path: `${subAppPath(name)}/*`, title: `${name} 子应用`, layout: SUB_APP_LAYOUTS[name] ?? 'home', hidden: true,
}))

function byLayout(routes: RouteMeta[]): RouteObject[] {
  const groups = new Map<LayoutName, RouteMeta[]>()
  for (const r of routes) groups.set(r.layout, [...(groups.get(r.layout) ?? []), r])
  return [...groups].map(([layout, list]) => ({ element: LAYOUTS[layout === 'none' ? 'redirect' : layout], hydrateFallbackElement: spinner, children: list.map(pageRoute) }))
}

/** The school portal needs a configured school org and tenantModuleType 0 (000 §2.4); otherwise /404. */
function SchoolPortalGate() {
  const moduleType = useSession((s) => s.tenantModuleType)
  return <Navigate to={appConfig.schoolOrgId !== null && moduleType === 0 ? '/schoolPortal/home/index' : '/404'} replace />
}

const REDIRECTS: [string, string][] = [
  ['/signin', '/redirect/login'], ['/login', '/redirect/admin'], ['/portal-home/home', '/portal/home'], ['/portal/home/home', '/portal/home'],
  ['/localSide-home/index', '/localSide/home'], ['/localSide/home', '/localSide/home/index'], ['/schoolPortal/news', '/schoolPortal/home/news'],
  ['/generalPortal/home', '/generalPortal/home/index'], ['/base-set', '/base-set/system'], ['/home', '/home/home'],
]


export const router = createHashRouter([
  { path: '/', loader: rootLoader, hydrateFallbackElement: spinner },
  ...REDIRECTS.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  { path: '/schoolPortal/home', element: <SchoolPortalGate /> },
  {
    element: <RedirectLayout />,
    children: [
      { path: '/redirect/login', element: page(<LoginPage />) },
      { path: '/redirect/admin', element: page(<LoginPage admin />) },
      { path: '/redirect/admin/0', element: page(<LoginPage admin />) },
      { path: '/redirect/selectOrg', element: page(<OrgSelectPage />) },
      { path: '/404', element: page(<NotFound />) },
      { path: '/404/index', element: page(<NotFound />) },
      { path: '/error/index', element: page(<ErrorPage />) },
    ],
  },
  ...byLayout([...ALL_PAGE_ROUTES, ...subAppRoutes]),
  { path: '*', element: <Navigate to="/404" replace /> },
])

registerNavigator((to, opts) => router.navigate(to, opts))
