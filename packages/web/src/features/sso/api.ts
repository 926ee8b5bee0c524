import { ssoContracts as S, type CodeLoginBody, type LoginByThirdSsoBody, type ThirdBindBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Calls of single sign-on and the code login (docs/auth.md); the sign-in pages show refusals themselves. The login page's buttons: login-buttons-api.ts. */
export const ssoApi = {
  loginByThirdSso: (body: LoginByThirdSsoBody) => callEnvelope(S.loginByThirdSso, body, { showError: false }),
  bindLogin: (body: ThirdBindBody) => callEnvelope(S.bindLogin, body, { showError: false }),
  loginByCode: (body: CodeLoginBody) => callEnvelope(S.loginByCode, body, { showError: false }),
  smartEduLogoutUrl: (redirectUrl: string) =>
    call(S.smartEduLogoutUrl, { redirectUrl }, { showError: false, loginRedirect: false }),
}
