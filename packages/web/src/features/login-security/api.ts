import type {
  LoginLogPage, LoginLogQuery, LoginResult, QrActionBody, QrCodeInfo, QrProcessResult, QrScanInfo, TotpEnrolment, TotpPolicy, TotpStatus,
} from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

/** QR-code login, the TOTP step and settings, the login log (docs/auth.md). */
export const loginSecurityApi = {
  /** The login page's QR id: bound to the unit of ?orgId when the page has one. */
  qrCode: (orgId?: number) => orgId === undefined
    ? request<QrCodeInfo>('/base/thirdparty/dingtalk/qrcode', { showError: false })
    : request<QrCodeInfo>('/base/thirdparty/dingtalk/loginQRCodeByOrg', { params: { orgId }, showError: false }),
  qrPoll: (qrId: string) => request<QrProcessResult>('/base/thirdparty/dingtalk/login/qrcode/process', { params: { qrId }, showError: false }),
  qrAct: (body: QrActionBody) =>
    requestEnvelope<QrScanInfo>('/base/thirdparty/dingtalk/login/qrcode/process', { body, showError: false }),

  loginByTotp: (body: { ticket: string; code?: string; recoveryCode?: string }) =>
    requestEnvelope<LoginResult>('/base/api/auth/loginByTotp', { body, showError: false }),
  loginEnrol: (ticket: string) => request<TotpEnrolment>('/base/api/auth/totp/login/enrol', { body: { ticket }, showError: false }),
  loginEnrolConfirm: (ticket: string, code: string) =>
    requestEnvelope<LoginResult & { recoveryCodes: string[] }>('/base/api/auth/totp/login/confirm', { body: { ticket, code }, showError: false }),

  totpStatus: () => request<TotpStatus>('/base/api/auth/totp/status'),
  totpEnrol: () => request<TotpEnrolment>('/base/api/auth/totp/enrol', { method: 'POST', body: {} }),
  totpConfirm: (code: string) => requestEnvelope<{ recoveryCodes: string[] }>('/base/api/auth/totp/confirm', { body: { code }, showError: false }),
  totpDisable: (password: string) => requestEnvelope<null>('/base/api/auth/totp/disable', { body: { password }, showError: false }),
  totpPolicy: () => request<TotpPolicy>('/base/api/auth/totp/policy'),
  setTotpPolicy: (p: TotpPolicy) => requestEnvelope<null>('/base/api/auth/totp/policy', { body: p }),

  loginLog: (q: Partial<LoginLogQuery>) => request<LoginLogPage>('/base/api/auth/loginLog/page', { body: q }),
}
