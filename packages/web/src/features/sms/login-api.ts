import { smsLoginContracts as L, smsResetContracts as R } from '@zhixiao/shared'
import { callEnvelope } from '../../api/call'

/** The login page's SMS calls (000 §7.2, §7.3); refusals stay silent, the page shows them inline. */
const quiet = { showError: false, notFoundPage: false } as const

export const smsLoginApi = {
  sendLoginCode: (phone: string, orgId?: number) =>
    callEnvelope(L.sendForPhoneLogin, { phone, orgId: orgId ?? null }, quiet),
  /** The SMS step of a password login (operationType 6): the code goes to the account's phone. */
  sendStepCode: (mustSmsId: string) => callEnvelope(L.sendCode, { mustSmsId }, quiet),
  login: (body: { phone?: string; smsCode: string; orgId?: number | null; mustSmsId?: string }) =>
    callEnvelope(L.loginByPhoneSms, body, quiet),
  sendResetCode: (phone: string, orgId?: number) => callEnvelope(R.sendCode, { phone, orgId }, quiet),
  verifyResetCode: (phone: string, smsCode: string, orgId?: number) =>
    callEnvelope(R.verifyCode, { phone, smsCode, orgId: orgId ?? null }, quiet),
  resetPassword: (resetTicket: string, newPassword: string, confirmPassword: string) =>
    callEnvelope(R.changePassword, { resetTicket, newPassword, confirmPassword }, quiet),
}
