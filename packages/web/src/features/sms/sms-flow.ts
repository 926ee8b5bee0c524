import { Msg, OperationType, type LoginOrg } from '@zhixiao/shared'
import { ApiError } from '../../api/client'
import { finishLogin, type LoginOutcome } from '../auth/login-flow'
import { smsLoginApi } from './login-api'

/** An SMS sign-in's answer: a LoginOutcome the login runner follows, or the organisations to choose from here. */
export type SmsOutcome = LoginOutcome | { kind: 'smsChooseOrg'; orgs: LoginOrg[] }

/**
 * loginByPhoneSms and what its operationType means, as runLogin does for passwords: 5 → the session (finishLogin),
 * 3 → choose organisation (the same code is sent again with the orgId: the server keeps it for that call),
 * 7 → the TOTP step, refusals → their message.
 */
export async function runSmsLogin(
  body: { phone?: string; smsCode: string; orgId?: number | null; mustSmsId?: string },
  redirect: string | null,
): Promise<SmsOutcome> {
  let env
  try {
    env = await smsLoginApi.login(body)
  } catch (e) {
    return { kind: 'error', msg: e instanceof ApiError ? e.message : Msg.NETWORK_ERROR }
  }
  const r = env.data
  switch (r.operationType) {
    case OperationType.SUCCESS:
      return r.userToken ? finishLogin(r.userToken, redirect) : { kind: 'failed', msg: env.msg }
    case OperationType.CHOOSE_ORG:
      return { kind: 'smsChooseOrg', orgs: r.orgList ?? [] }
    case OperationType.NEED_TOTP:
      return { kind: 'totp', ticket: r.totpTicket ?? '', enrol: r.totpEnrol === true, msg: env.msg }
    default:
      return { kind: 'failed', msg: env.msg }
  }
}

/** The message of a refused call, or the network error. */
export function refusal(e: unknown): string {
  return e instanceof ApiError ? e.message : Msg.NETWORK_ERROR
}

export const PHONE_RE = /^1\d{10}$/
export const CODE_RE = /^\d{6}$/
