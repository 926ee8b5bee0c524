import {
  Msg,
  OperationType,
  SignupErrorCode,
  UserType,
  type LoginByUserPwdBody,
  type LoginOrg,
  type VerifyCheckResult,
} from '@zhixiao/shared'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { reuseLoadedUserOnce, setLoadedUser } from '../../auth/current-user'
import { homePathFor } from '../../auth/landing'
import { preloadRoute } from '../../navigation/preload'
import { useSession } from '../../stores/session'
import { rememberTenant } from '../../stores/tenant-history'
import { setToken } from '../../stores/token'

export type LoginOutcome =
  | { kind: 'failed'; msg: string }
  | { kind: 'error'; msg: string }
  | { kind: 'captcha'; msg: string }
  | { kind: 'reset'; ticket: string; reason: 'default' | 'expired'; msg: string }
  | { kind: 'chooseOrg'; orgs: LoginOrg[] }
  | { kind: 'done'; to: string }
  /** Required personal information is missing: the verify form first, then `to`. */
  | { kind: 'verify'; check: VerifyCheckResult; to: string }
  /** A student goes to the separate student site (000 §6). */
  | { kind: 'external'; url: string }
  /** operationType 7: the TOTP code (or, for an administrator who must, enrolment) before the session. */
  | { kind: 'totp'; ticket: string; enrol: boolean; msg: string }
  /** A signed-up account that belongs to no school yet: the sign-up page's status step with this pass (docs/auth.md). */
  | { kind: 'registration'; registerToken: string; msg: string }
  /** operationType 6: the tenant wants an SMS code after the password (features/sms/SmsStepDialog). */
  | { kind: 'sms'; ticket: string; phone: string; msg: string }

/** The refusal of a sign-in by a signed-up account without a membership (any sign-in method), as an outcome. */
function registrationOutcome(e: unknown): LoginOutcome | null {
  if (!(e instanceof ApiError) || e.code !== SignupErrorCode.REGISTRATION_PENDING) return null
  const token = (e.data as { registerToken?: unknown } | null)?.registerToken
  return typeof token === 'string' ? { kind: 'registration', registerToken: token, msg: e.message } : null
}

/** Where an app's OpenID sign-in waits for the portal's (features/oidc). */
const OIDC_LOGIN_PATH = '/redirect/oidcLogin?'
/** Pages under /redirect/ a sign-in may return to: they finish a hand-over the sign-in interrupted (OpenID, CAS). */
const RETURN_PAGES = [OIDC_LOGIN_PATH, '/redirect/casLogin?']

/** A redirect back into the app; login pages themselves are never a destination. */
export function safeRedirect(redirect: string | null): string | null {
  if (redirect && RETURN_PAGES.some((p) => redirect.startsWith(p))) return redirect
  return redirect && redirect.startsWith('/') && !redirect.startsWith('/redirect/') ? redirect : null
}

/**
 * One login attempt and what its operationType means (000 §4), shared by the login page and the organisation
 * page. On success (5) the token goes to the cookie (30 days) and the store, the user is loaded and stored, and
 * the destination is the redirect query when the login came from our own page (from=own), else the landing rules.
 */
export async function runLogin(payload: LoginByUserPwdBody, redirect: string | null): Promise<LoginOutcome> {
  let env
  try {
    env = await authApi.login(payload)
  } catch (e) {
    const registration = registrationOutcome(e)
    if (registration) return registration
    // Refusals with their own code (1001 disabled, 1002 locked, 1006 not a member, 1008 IP throttled ...).
    return { kind: 'error', msg: e instanceof ApiError ? e.message : Msg.NETWORK_ERROR }
  }
  const r = env.data
  switch (r.operationType) {
    case OperationType.NEED_CAPTCHA:
      return { kind: 'captcha', msg: env.msg }
    case OperationType.MUST_RESET_PASSWORD:
      return { kind: 'reset', ticket: r.mustRstPwdId ?? '', reason: r.resetReason ?? 'default', msg: env.msg }
    case OperationType.CHOOSE_ORG:
      useSession.getState().setTemporaryLoginData({ ...payload, orgId: null, redirect })
      return { kind: 'chooseOrg', orgs: r.orgList ?? [] }
    case OperationType.SUCCESS:
      return r.userToken ? finishLogin(r.userToken, redirect) : { kind: 'failed', msg: env.msg }
    case OperationType.NEED_TOTP:
      return { kind: 'totp', ticket: r.totpTicket ?? '', enrol: r.totpEnrol === true, msg: env.msg }
    case OperationType.NEED_SMS:
      return { kind: 'sms', ticket: r.mustSmsId ?? '', phone: r.smsPhone ?? '', msg: env.msg }
    default:
      return { kind: 'failed', msg: env.msg }
  }
}

/** The student site's address with a single-use once-token in ?accesstoken= (swapped there like a sub-app's). */
function studentSiteUrl(site: string, onceToken: string): string {
  const url = new URL(site)
  url.searchParams.set('accesstoken', onceToken)
  return url.toString()
}

/** A session token in hand (password, TOTP step, QR code): stored, the user loaded, and where to go. */
export async function finishLogin(token: string, redirect: string | null): Promise<LoginOutcome> {
  setToken(token)
  // The required-information check needs only the session: it runs beside the user's detail, not after it.
  const checking = authApi.verifyCheck().catch(() => null)
  let user
  try {
    user = await authApi.currentUser()
  } catch (e) {
    return { kind: 'error', msg: e instanceof ApiError ? e.message : Msg.CONTACT_ADMIN }
  }
  useSession.getState().setLogin(token, user)
  await setLoadedUser(user)
  rememberTenant(user.tenantId, user.currentOrgData?.displayName ?? String(user.tenantId))
  // The signed-in tenant's login settings: the login page's when it was that tenant's, else asked for (beside the check).
  const shown = useSession.getState().loginPageInfo
  const tenantInfo =
    shown?.tenantId === user.tenantId ? Promise.resolve(shown) : authApi.loginInfo(user.orgId).catch(() => null)
  // A graduate's alumni session has its one page: no student site, no landing address, no app.
  if (user.alumni) {
    reuseLoadedUserOnce()
    return { kind: 'done', to: homePathFor(user) }
  }
  // A student signing in to an app (OpenID, CAS) goes back to it, not to the student site.
  if (user.userType === UserType.STUDENT && !RETURN_PAGES.some((p) => redirect?.startsWith(p))) {
    const site = (await tenantInfo)?.studentSiteUrl
    // The session token never goes into a URL: the student site gets a once-token (single use, 60 s) and swaps it
    // (POST swap/once/token) for a session of its own, as a hosted sub-app does (docs/apps.md).
    const once = site ? await authApi.onceToken().catch(() => null) : null
    if (site && once) return { kind: 'external', url: studentSiteUrl(site, once.onceToken) }
  }
  // The tenant's landing address (jumpAfterLogin, the tenant screen): a path of this app, or an outside address
  // once the required-information check has passed. An explicit redirect from our own page comes first.
  const jump = (await tenantInfo)?.jumpAfterLogin ?? null
  const outside = jump && /^https?:\/\//.test(jump) ? jump : null
  const to = safeRedirect(redirect) ?? (outside ? null : safeRedirect(jump ?? null)) ?? homePathFor(user)
  preloadRoute(to)
  const check = await checking
  if (check && !check.checkPass) return { kind: 'verify', check, to }
  if (outside && !safeRedirect(redirect)) return { kind: 'external', url: outside }
  // Straight to the landing page: its route loader need not read the user again (the verify form may change it).
  reuseLoadedUserOnce()
  return { kind: 'done', to }
}
