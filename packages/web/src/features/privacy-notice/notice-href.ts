import type { NoticeKind } from '@zhixiao/shared'

/** Which tenant a pre-login page means: the one the login page knows, else its organisation's. */
export interface NoticeScope {
  tenantId?: number
  orgId?: number
}

/**
 * The public page of a notice (NoticePage), for a link on a pre-login page. Apart from api.ts so the login page's
 * links carry none of the notice calls (its weight budget, issue 12).
 */
export function noticeHref(kind: NoticeKind, s: NoticeScope): string {
  const q = s.tenantId ? `?tenantId=${s.tenantId}` : s.orgId ? `?orgId=${s.orgId}` : ''
  return `#/privacy/${kind}${q}`
}
