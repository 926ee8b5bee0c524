import type { LoginResult } from '@zhixiao/shared'
import { requestEnvelope } from '../../api/client'

/** The login page's SMS calls (000 §7.2, §7.3); refusals stay silent, the page shows them inline. */
const quiet = { showError: false, notFoundPage: false } as const

export const smsLoginApi = {
  sendLoginCode: (phone: string, orgId?: number) =>
    requestEnvelope<null>('/base/api/auth/login/sms/code/sendForPhoneLogin', { ...quiet, body: { phone, orgId: orgId ?? null } }),
  /** The SMS step of a password login (operationType 6): the code goes to the account's phone. */
  sendStepCode: (mustSmsId: string) =>
    requestEnvelope<null>('/base/api/auth/login/sms/code/send', { ...quiet, params: { mustSmsId } }),
  login: (body: { phone?: string; smsCode: string; orgId?: number | null; mustSmsId?: string }) =>
    requestEnvelope<LoginResult>('/base/api/auth/loginByPhoneSms', { ...quiet, body }),
  sendResetCode: (phone: string, orgId?: number) =>
    requestEnvelope<null>('/base/api/account/smsSendModifyPwd', { ...quiet, params: { phone, orgId } }),
  verifyResetCode: (phone: string, smsCode: string, orgId?: number) =>
    requestEnvelope<{ resetTicket: string }>('/base/api/account/smsVerifyCode', { ...quiet, body: { phone, smsCode, orgId: orgId ?? null } }),
  resetPassword: (resetTicket: string, newPassword: string, confirmPassword: string) =>
    requestEnvelope<null>('/base/api/account/change/password/notLogin', { ...quiet, body: { resetTicket, newPassword, confirmPassword } }),
}
