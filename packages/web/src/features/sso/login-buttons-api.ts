import type { ThirdButton } from '@zhixiao/shared'
import { request } from '../../api/client'

/*
 * The login page's own single sign-on calls (GET third/list, the third/start link), kept off the shared contracts
 * (ssoContracts.buttons, ssoContracts.start): a contract carries its zod schemas, and any of them on the signed-out
 * login page would bring zod into its first download (about 28 KB gzip, over the 120 KB budget of
 * build/route-weight.ts). The paths are the contracts' own.
 */

/** The tenant's enabled providers, as the login page shows them. */
export const loginButtons = (orgId?: number) => request<ThirdButton[]>('/base/api/auth/third/list', { params: { orgId }, showError: false })

/**
 * The plain link of a login button: the server makes the single-use state, sets the browser cookie it is bound to
 * and sends the browser on to the provider (GET third/start), so the login page needs no script for it.
 */
export function startUrl(b: ThirdButton, p: { tenantId?: number; orgId?: number; redirect?: string | null }): string {
  const q = new URLSearchParams({ thirdType: b.thirdType })
  if (p.orgId) q.set('orgId', String(p.orgId))
  else if (p.tenantId) q.set('tenantId', String(p.tenantId))
  if (p.redirect) q.set('redirect', p.redirect)
  return `/base/api/auth/third/start?${q.toString()}`
}
