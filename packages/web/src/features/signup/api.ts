import {
  registerOrgContracts as O,
  signupContracts as S,
  tenantContracts,
  type ApplyOrgInput,
  type SignUpBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/**
 * Where the sign-up belongs: the login page's organisation (?orgId=) or a tenant chosen on the page (sent as the
 * spec's tenantId header, 000 §7.1). After signUp/v2 the tenant is known from the answer.
 */
export interface SignupScope {
  orgId?: number
  tenantId?: number
}
const headersOf = (s: SignupScope) => (s.tenantId ? { tenantId: String(s.tenantId) } : undefined)
const passHeaders = (pass: string | null) => (pass ? { registerToken: pass } : undefined)

/** The tenant a registration pass (`t<tenant>.<random>`) belongs to. */
export function tenantOfPass(pass: string): number | undefined {
  const m = /^t(\d+)\./.exec(pass)
  return m ? Number(m[1]) : undefined
}

/** Sign-up calls (000 §7.2) and the request to join (000 §7.7); errors are shown by the page itself. */
export const signupApi = {
  tenants: () => call(O.tenants, undefined, { showError: false }),
  loginInfo: (s: SignupScope) =>
    call(tenantContracts.loginInfo, { orgId: s.orgId }, { headers: headersOf(s), showError: false }),
  phoneRegistered: (s: SignupScope, phone: string) =>
    call(S.phoneRegistered, { phone, orgId: s.orgId }, { headers: headersOf(s), showError: false }),
  sendCode: (s: SignupScope, phone: string) =>
    callEnvelope(S.sendCode, { phone, orgId: s.orgId ?? null }, { headers: headersOf(s), showError: false }),
  verifyCode: (s: SignupScope, phone: string, smsCode: string) =>
    call(S.verifyCode, { phone, smsCode, orgId: s.orgId ?? null }, { headers: headersOf(s), showError: false }),
  signUp: (b: SignUpBody) => call(S.signUp, b, { showError: false }),
  orgs: (s: SignupScope) => call(O.orgs, { orgId: s.orgId }, { headers: headersOf(s), showError: false }),
  /** A new request, a change of a pending one (id) or its withdrawal (id + withdraw). */
  apply: (pass: string | null, b: ApplyOrgInput) =>
    callEnvelope(S.apply, b, { headers: passHeaders(pass), showError: false, loginRedirect: false }),
  mine: (pass: string | null) =>
    call(O.mine, undefined, { headers: passHeaders(pass), showError: false, loginRedirect: false }),
}
