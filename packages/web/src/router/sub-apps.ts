import { SUB_APP_LAYOUTS, SUB_APPS, subAppPath, type RouteMeta } from '@zhixiao/shared'

/**
 * Host routes of the sub-applications (000 §2.1): every SUB_APPS entry at subAppPath(name)/*, plus the other
 * layout-bearing hosts (localSide, managecenter, alliancePortal ...). Layout from SUB_APP_LAYOUTS, else home.
 */
export const SUB_APP_ROUTES: RouteMeta[] = [...new Set([...SUB_APPS, ...Object.keys(SUB_APP_LAYOUTS)])].map((name) => ({
  path: `${subAppPath(name)}/*`,
  title: `子应用 ${name}`,
  layout: SUB_APP_LAYOUTS[name] ?? 'home',
  hidden: true,
}))
