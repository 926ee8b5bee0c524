import {
  CODE_LOGIN_SUCCESS,
  Msg,
  OperationType,
  type Envelope,
  type LoginOrg,
  type ThirdLoginResult,
} from '@zhixiao/shared'
import { ApiError } from '../../api/client'
import { finishLogin, type LoginOutcome } from '../auth/login-flow'

/** What a third-party call's answer leads to on the callback and bind pages. */
export type ThirdStep =
  /** operationType 3 with a reqId: the organisation choice completes by code login. */
  | { kind: 'chooseOrg'; orgs: LoginOrg[]; reqId: string; redirect: string | null }
  /** operationType 8: a first use, the bind page. */
  | { kind: 'bind'; ticket: string; thirdName: string; thirdUser: string | null; redirect: string | null }
  /** operationType 2 after binding: the password login takes over (its forced-reset dialog). */
  | { kind: 'reset' }
  /**
   * Everything a password login can come to as well (landing, TOTP, SMS step, captcha, refusal), with where the
   * sign-in goes afterwards: a TOTP or SMS step finishes it there (an app's OpenID or CAS sign-in waiting, say).
   */
  | { kind: 'outcome'; outcome: LoginOutcome; redirect: string | null }

/** Calls a third-party sign-in endpoint; a refusal or a network failure becomes an 'error' outcome with its message. */
export async function thirdStep(
  call: () => Promise<Envelope<ThirdLoginResult>>,
  redirect: string | null,
): Promise<ThirdStep> {
  let env
  try {
    env = await call()
  } catch (e) {
    const msg = e instanceof ApiError ? e.message : Msg.NETWORK_ERROR
    return { kind: 'outcome', outcome: { kind: 'error', msg }, redirect }
  }
  const r = env.data
  const to = r.redirect ?? redirect
  // Code login: state 120 with a token is success (000 §4).
  if (r.state === CODE_LOGIN_SUCCESS && r.token)
    return { kind: 'outcome', redirect: to, outcome: await finishLogin(r.token, to) }
  switch (r.operationType) {
    case OperationType.SUCCESS:
      return {
        kind: 'outcome',
        redirect: to,
        outcome: r.userToken ? await finishLogin(r.userToken, to) : { kind: 'failed', msg: env.msg },
      }
    case OperationType.CHOOSE_ORG:
      return r.reqId
        ? { kind: 'chooseOrg', orgs: r.orgList ?? [], reqId: r.reqId, redirect: to }
        : { kind: 'outcome', redirect: to, outcome: { kind: 'failed', msg: env.msg } }
    case OperationType.NEED_BIND:
      return {
        kind: 'bind',
        ticket: r.bindTicket ?? '',
        thirdName: r.thirdName ?? '第三方',
        thirdUser: r.thirdUser ?? null,
        redirect: to,
      }
    case OperationType.MUST_RESET_PASSWORD:
      return { kind: 'reset' }
    case OperationType.NEED_TOTP:
      return {
        kind: 'outcome',
        redirect: to,
        outcome: { kind: 'totp', ticket: r.totpTicket ?? '', enrol: r.totpEnrol === true, msg: env.msg },
      }
    case OperationType.NEED_SMS:
      return {
        kind: 'outcome',
        redirect: to,
        outcome: { kind: 'sms', ticket: r.mustSmsId ?? '', phone: r.smsPhone ?? '', msg: env.msg },
      }
    case OperationType.NEED_CAPTCHA:
      return { kind: 'outcome', redirect: to, outcome: { kind: 'captcha', msg: env.msg } }
    default:
      return { kind: 'outcome', redirect: to, outcome: { kind: 'failed', msg: env.msg } }
  }
}
