import type { CodeLoginBody, LoginByThirdSsoBody, ThirdBindBody, ThirdButton, ThirdLoginResult } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

/** Calls of single sign-on and the code login (docs/auth.md); the sign-in pages show refusals themselves. */
export const ssoApi = {
  buttons: (orgId?: number) => request<ThirdButton[]>('/base/api/auth/third/list', { params: { orgId }, showError: false }),
  loginByThirdSso: (body: LoginByThirdSsoBody) => requestEnvelope<ThirdLoginResult>('/base/api/auth/loginByThirdSSO', { body, showError: false }),
  bindLogin: (body: ThirdBindBody) => requestEnvelope<ThirdLoginResult>('/base/api/auth/third/bindLogin', { body, showError: false }),
  loginByCode: (body: CodeLoginBody) => requestEnvelope<ThirdLoginResult>('/base/api/auth/loginByCode', { body, showError: false }),
  smartEduLogoutUrl: (redirectUrl: string) =>
    request<{ logoutUrl: string | null }>('/base/api/auth/third/querySmartEduLogoutUrl', { params: { redirectUrl }, showError: false, loginRedirect: false }),
}

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
