import { pathOf, ssoContracts, type ThirdButton } from '@zhixiao/shared'
import { call } from '../../api/call'

/* The login page's own single sign-on calls: GET third/list, and the third/start link. */

/** The tenant's enabled providers, as the login page shows them. */
export const loginButtons = (orgId?: number) => call(ssoContracts.buttons, { orgId }, { showError: false })

/**
 * The plain link of a login button: the server makes the single-use state, sets the browser cookie it is bound to
 * and sends the browser on to the provider (GET third/start), so the login page needs no script for it.
 */
export function startUrl(b: ThirdButton, p: { tenantId?: number; orgId?: number; redirect?: string | null }): string {
  const q = new URLSearchParams({ thirdType: b.thirdType })
  if (p.orgId) q.set('orgId', String(p.orgId))
  else if (p.tenantId) q.set('tenantId', String(p.tenantId))
  if (p.redirect) q.set('redirect', p.redirect)
  return `${pathOf(ssoContracts.start)}?${q.toString()}`
}
