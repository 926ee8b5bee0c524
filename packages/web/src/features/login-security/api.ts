import {
  loginSecurityContracts as C,
  qrLoginContracts as Q,
  type LoginLogQuery,
  type QrActionBody,
  type TotpPolicy,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** QR-code login, the TOTP step and settings, the login log (docs/auth.md). */
export const loginSecurityApi = {
  /** The login page's QR id: bound to the unit of ?orgId when the page has one. */
  qrCode: (orgId?: number) =>
    orgId === undefined
      ? call(Q.qrCode, {}, { showError: false })
      : call(Q.qrCodeByOrg, { orgId }, { showError: false }),
  qrPoll: (qrId: string) => call(Q.poll, { qrId }, { showError: false }),
  qrAct: (body: QrActionBody) => callEnvelope(Q.act, body, { showError: false }),

  loginByTotp: (body: { ticket: string; code?: string; recoveryCode?: string }) =>
    callEnvelope(C.loginByTotp, body, { showError: false }),
  loginEnrol: (ticket: string) => call(C.loginEnrol, { ticket }, { showError: false }),
  loginEnrolConfirm: (ticket: string, code: string) =>
    callEnvelope(C.loginEnrolConfirm, { ticket, code }, { showError: false }),

  totpStatus: () => call(C.totpStatus),
  totpEnrol: () => call(C.totpEnrol),
  totpConfirm: (code: string) => callEnvelope(C.totpConfirm, { code }, { showError: false }),
  totpDisable: (password: string) => callEnvelope(C.totpDisable, { password }, { showError: false }),
  totpPolicy: () => call(C.totpPolicy),
  setTotpPolicy: (p: TotpPolicy) => callEnvelope(C.setTotpPolicy, p),

  loginLog: (q: Partial<LoginLogQuery>) => call(C.loginLogPost, q),
}
