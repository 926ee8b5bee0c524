import type {
  CheckCodeImage, CurrentUserDetail, LoginByUserPwdBody, LoginOrg, LoginPageInfo, LoginResult, OnceTokenResponse, OrgPublicInfo, PasswordRule, VerifyCheckResult,
} from '@zhixiao/shared'
import { request, requestEnvelope } from './client'

/** Typed calls of the auth, account, tenant and organisation prefixes (docs/api-auth.md). */
export const authApi = {
  loginInfo: (orgId?: number) =>
    request<LoginPageInfo>('/base/api/tenant/getLoginInfo', { params: { orgId }, showError: false }),
  orgPublicInfo: (orgId: number) =>
    request<OrgPublicInfo>('/base/api/organizationUnit/public/info', { params: { orgId }, showError: false, notFoundPage: false }),
  /** The login page shows refusals inline, so the whole envelope comes back and errors stay silent. */
  login: (body: LoginByUserPwdBody) =>
    requestEnvelope<LoginResult>('/base/api/auth/loginByUserPwd', { body, showError: false }),
  checkCode: () => request<CheckCodeImage>('/base/api/auth/checkCode/image', { showError: false }),
  mustChangePassword: (mustRstPwdId: string, newPassword: string) =>
    requestEnvelope<null>('/base/api/account/must/change/default/password', { body: { mustRstPwdId, newPassword }, showError: false }),
  currentUser: (opts: { loginRedirect?: boolean } = {}) =>
    request<CurrentUserDetail>('/base/api/account/user/current/detail', opts),
  /** 001 §7.1 org check after login: the verify form's required fields and what is on file. */
  verifyCheck: () => request<VerifyCheckResult>('/base/api/auth/checkRequiredInfoAfterLogin', { showError: false }),
  /** A single-use token (60 s) for a sub-application or the student site to swap for a session of its own. */
  onceToken: () => request<OnceTokenResponse>('/base/api/auth/once/token'),
  logout: () => requestEnvelope<null>('/base/api/auth/logout', { method: 'POST', showError: false }),
  passwordRule: () => request<PasswordRule>('/base/api/tenant/base/tenant/config/password/rule', { method: 'POST', body: {} }),
  changePassword: (oldPwd: string, newPwd: string) =>
    requestEnvelope<null>('/base/api/account/change/password', { body: { oldPwd, newPwd }, showError: false }),
  /** 001 §7.1: the signed-in account's orgs; openAccountId (the caller's own, from user/current/detail) as the spec sends it. */
  userOrgs: (openAccountId?: number) => request<LoginOrg[]>('/base/api/account/user/orgs', { params: { openAccountId } }),
  changeOrg: (newOrgId: number, accountId: number) =>
    request<string>('/base/api/organizationUnit/changeOrg', { params: { newOrgId, accountId }, showError: false }),
}
