import { maskPhone, OperationType, SmsMsg, type LoginResult } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { SecondFactor } from '../auth/sign-in.js'
import { hashToken, newTenantToken } from '../../platform/tokens.js'
import { findAccountPhone, findStepSetting, insertStepTicket } from './queries.js'

const STEP_TTL_MS = 10 * 60 * 1000

/**
 * operationType 6 (000 §4 "SMS verification needed"): a password login whose tenant asks for an SMS second step
 * (sms_config.password_login_sms_step) and whose account has a phone gets a single-use ticket (10 minutes) naming
 * the account and the organisation already chosen; the page sends the code (login/sms/code/send with mustSmsId) and
 * finishes with loginByPhoneSms { mustSmsId, smsCode }. An account without a phone signs in without the step
 * (docs/auth.md). Null: no step.
 */
async function smsStepChallenge(
  trx: Trx,
  now: Date,
  s: { tenantId: number; accountId: number; orgId: number },
): Promise<{ msg: string; data: LoginResult } | null> {
  const cfg = await findStepSetting(trx)
  if (!cfg?.password_login_sms_step) return null
  const account = await findAccountPhone(trx, s.accountId)
  if (!account?.phone) return null
  const ticket = newTenantToken(s.tenantId)
  await insertStepTicket(trx, {
    id: hashToken(ticket),
    account_id: s.accountId,
    org_id: s.orgId,
    expires_at: new Date(+now + STEP_TTL_MS),
  })
  return {
    msg: SmsMsg.SMS_STEP_NEEDED,
    data: { operationType: OperationType.NEED_SMS, mustSmsId: ticket, smsPhone: maskPhone(account.phone) },
  }
}

/** The SMS step of the sign-in core (registered by app.ts): a password login's only; asked before TOTP. */
export const smsStep: SecondFactor = {
  async challenge(_ctx, trx, now, s) {
    if (s.method !== 'password') return null
    const answer = await smsStepChallenge(trx, now, { tenantId: s.tenantId, accountId: s.accountId, orgId: s.orgId })
    return answer && { answer, reason: 'sms step required' }
  },
}
