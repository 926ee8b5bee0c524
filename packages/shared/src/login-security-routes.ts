import type { RouteMeta } from './route-basics.js'

/**
 * The phone's QR confirm page (docs/auth.md "QR-code login"), in routes.ts ALL_PAGE_ROUTES; the login log is with the
 * role pages (ROLE_ROUTES). Kept apart from login-security.ts so the route table, which the login page's entry reads,
 * pulls in no zod schema (issue 12). It needs a session but no page code.
 */
export const LOGIN_SECURITY_ROUTES: RouteMeta[] = [
  { path: '/mobile/qrLogin', title: '扫码登录确认', layout: 'redirect', hidden: true },
]
