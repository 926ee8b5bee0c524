import type { RouteMeta } from './route-basics.js'

/** Third-party sign-in (docs/auth.md "Single sign-on"): the providers of the tenant, under portal maintenance. */
export const SSO_ROUTES: RouteMeta[] = [
  {
    path: '/menhu-port/thirdConfig',
    title: '第三方登录配置',
    layout: 'default',
    permission: 'sc_menhu_third_config',
    tenantWide: true,
  },
]
