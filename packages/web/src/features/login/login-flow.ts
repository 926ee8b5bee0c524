import { Msg, OperationType, type LoginByUserPwdBody, type LoginOrg } from '@zhixiao/shared'
import { authApi } from '../api/auth'
import { ApiError } from '../api/client'
import { rememberTenant, useSession } from '../stores/session'
import { homePathFor } from './landing'
import { setLoadedUser } from './session-loader'
import { setToken } from './token'

export type LoginOutcome =
  | { kind: 'failed'; msg: string }
  | { kind: 'error'; msg: string }
  | { kind: 'captcha'; msg: string }
  | { kind: 'reset'; ticket: string; reason: 'default' | 'expired'; msg: string }
  | { kind: 'chooseOrg'; orgs: LoginOrg[] }
  | { kind: 'done'; to: string }

/**
 * One login attempt and what follows from its operationType; the login page and the organisation page both use
 * it. On success the token is stored, the user loaded, and the destination chosen: the redirect query when the
 * login came from our own page (from=own), otherwise the landing rules.
 */
export async function runLogin(payload: LoginByUserPwdBody, redirect: string | null): Promise<LoginOutcome> {
  let env
  try {
    env = await authApi.login(payload)
  } catch (e) {
    return { kind: 'error', msg: e instanceof ApiError ? e.message : Msg.NETWORK_ERROR }
  }
  const r = env.data
  switch (r.operationType) {
    case OperationType.NEED_CAPTCHA:
      return { kind: 'captcha', msg: env.msg }
    case OperationType.MUST_RESET_PASSWORD:
      return { kind: 'reset', ticket: r.mustRstPwdId ?? '', reason: r.resetReason ?? 'default', msg: env.msg }
    case OperationType.CHOOSE_ORG:
      useSession.getState().setTemporaryLoginData({ ...payload, redirect })
      return { kind: 'chooseOrg', orgs: r.orgList ?? [] }
    case OperationType.SUCCESS: {
      if (!r.userToken) return { kind: 'failed', msg: env.msg }
      setToken(r.userToken)
      const user = await authApi.currentUser()
      useSession.getState().setLogin(r.userToken, user)
      setLoadedUser(user)
      const org = user.currentOrgData
      rememberTenant(user.tenantId, org?.displayName ?? String(user.tenantId))
      return { kind: 'done', to: redirect && !redirect.startsWith('/redirect') ? redirect : homePathFor(user) }
    }
    default:
      return { kind: 'failed', msg: env.msg }
  }
}
