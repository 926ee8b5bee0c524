import type {
  ApplyOrgInput, LoginPageInfo, MyApplications, RegisterOrg, RegisterTenant, SignUpBody, SignUpResult, SignupVerifyResult,
} from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

const A = '/base/api/auth'
const O = '/base/api/organizationUnit'

/**
 * Where the sign-up belongs: the login page's organisation (?orgId=) or a tenant chosen on the page (sent as the
 * spec's tenantId header, 000 §7.1). After signUp/v2 the tenant is known from the answer.
 */
export interface SignupScope { orgId?: number; tenantId?: number }
const headersOf = (s: SignupScope) => (s.tenantId ? { tenantId: String(s.tenantId) } : undefined)
const passHeaders = (pass: string | null) => (pass ? { registerToken: pass } : undefined)

/** The tenant a registration pass (`t<tenant>.<random>`) belongs to. */
export function tenantOfPass(pass: string): number | undefined {
  const m = /^t(\d+)\./.exec(pass)
  return m ? Number(m[1]) : undefined
}

/** Sign-up calls (000 §7.2) and the request to join (000 §7.7); errors are shown by the page itself. */
export const signupApi = {
  tenants: () => request<RegisterTenant[]>(`${O}/register/tenants`, { showError: false }),
  loginInfo: (s: SignupScope) => request<LoginPageInfo>('/base/api/tenant/getLoginInfo', { params: { orgId: s.orgId }, headers: headersOf(s), showError: false }),
  phoneRegistered: (s: SignupScope, phone: string) =>
    request<{ registered: boolean }>(`${A}/signup/verify/phone/v3`, { params: { phone, orgId: s.orgId }, headers: headersOf(s), showError: false }),
  sendCode: (s: SignupScope, phone: string) =>
    requestEnvelope<null>(`${A}/smsSender/signup/v2`, { body: { phone, orgId: s.orgId ?? null }, headers: headersOf(s), showError: false }),
  verifyCode: (s: SignupScope, phone: string, smsCode: string) =>
    request<SignupVerifyResult>(`${A}/smsVerifyCode/signup`, { body: { phone, smsCode, orgId: s.orgId ?? null }, headers: headersOf(s), showError: false }),
  signUp: (b: SignUpBody) => request<SignUpResult>(`${A}/signUp/v2`, { body: b, showError: false }),
  orgs: (s: SignupScope) => request<RegisterOrg[]>(`${O}/register/orgs`, { params: { orgId: s.orgId }, headers: headersOf(s), showError: false }),
  /** A new request, a change of a pending one (id) or its withdrawal (id + withdraw). */
  apply: (pass: string | null, b: ApplyOrgInput) =>
    requestEnvelope<{ id: number }>(`${A}/signUp/apply/org/update/v2`, { body: b, headers: passHeaders(pass), showError: false, loginRedirect: false }),
  mine: (pass: string | null) => request<MyApplications>(`${O}/register/apply/query`, { headers: passHeaders(pass), showError: false, loginRedirect: false }),
}
