import {
  accountContracts as A,
  authContracts,
  onceTokenContracts,
  orgContracts,
  requiredInfoContracts,
  tenantContracts,
  type LoginByUserPwdBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from './call'

/** Typed calls of the auth, account, tenant and organisation prefixes (docs/api-auth.md). */
export const authApi = {
  loginInfo: (orgId?: number) => call(tenantContracts.loginInfo, { orgId }, { showError: false }),
  orgPublicInfo: (orgId: number) => call(orgContracts.publicInfo, { orgId }, { showError: false, notFoundPage: false }),
  /** The login page shows refusals inline, so the whole envelope comes back and errors stay silent. */
  login: (body: LoginByUserPwdBody) => callEnvelope(authContracts.loginByUserPwd, body, { showError: false }),
  checkCode: () => call(authContracts.checkCodeImage, undefined, { showError: false }),
  mustChangePassword: (mustRstPwdId: string, newPassword: string) =>
    callEnvelope(A.mustChangePassword, { mustRstPwdId, newPassword }, { showError: false }),
  currentUser: (opts: { loginRedirect?: boolean } = {}) => call(A.currentUser, undefined, opts),
  /** 001 §7.1 org check after login: the verify form's required fields and what is on file. */
  verifyCheck: () => call(requiredInfoContracts.check, undefined, { showError: false }),
  /** A single-use token (60 s) for a sub-application or the student site to swap for a session of its own. */
  onceToken: () => call(onceTokenContracts.issue),
  logout: () => callEnvelope(authContracts.logout, undefined, { showError: false }),
  passwordRule: () => call(tenantContracts.passwordRule),
  changePassword: (oldPwd: string, newPwd: string) =>
    callEnvelope(A.changePassword, { oldPwd, newPwd }, { showError: false }),
  /** 001 §7.1: the signed-in account's orgs; openAccountId (the caller's own, from user/current/detail) as the spec sends it. */
  userOrgs: (openAccountId?: number) => call(A.userOrgs, { openAccountId }),
  changeOrg: (newOrgId: number, accountId: number) =>
    call(orgContracts.changeOrg, { newOrgId, accountId }, { showError: false }),
}
