/** Under /base/api/auth: checkPassword, the TOTP step and settings, the login log; under /base/thirdparty/dingtalk: the QR-code login. */
import { loginResult } from '../auth.js'
import { get, post } from '../contract.js'
import {
  checkPasswordBody,
  checkPasswordResult,
  loginByTotpBody,
  loginLogPage,
  loginLogQuery,
  qrActionBody,
  qrCodeInfo,
  qrProcessQuery,
  qrProcessResult,
  qrScanInfo,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolment,
  totpLoginConfirmBody,
  totpLoginEnrolBody,
  totpPolicy,
  totpRecoveryCodes,
  totpStatus,
} from '../login-security.js'
import * as z from '../z.js'

/**
 * The login log's permission: 操作日志 of the role area, the code of the audit logs of accounts and grants. Not the
 * base-data key-log code (base_log_monitor): 000 §6 takes the log-monitor menus from bureau-level units, where a
 * district's administrators sit.
 */
export const LOGIN_LOG_PERMISSION = 'permission_operation_log'
/** The TOTP requirement is a tenant setting: the system settings page's code (基础设置). */
export const TOTP_POLICY_PERMISSION = 'base_set'

const A = '/base/api/auth'
const tags = ['auth']

export const loginSecurityContracts = {
  checkPassword: post(`${A}/checkPassword`, {
    public: true,
    tags,
    summary: '校验密码（新密码是否符合密码规则；登录后可校验当前密码）',
    body: checkPasswordBody,
    data: checkPasswordResult,
  }),
  loginByTotp: post(`${A}/loginByTotp`, {
    public: true,
    tags,
    summary: '两步验证登录（operationType 7 之后）',
    body: loginByTotpBody,
    data: loginResult,
  }),
  loginEnrol: post(`${A}/totp/login/enrol`, {
    public: true,
    tags,
    summary: '登录时绑定两步验证：获取密钥',
    body: totpLoginEnrolBody,
    data: totpEnrolment,
  }),
  loginEnrolConfirm: post(`${A}/totp/login/confirm`, {
    public: true,
    tags,
    summary: '登录时绑定两步验证：确认首个验证码并登录',
    body: totpLoginConfirmBody,
    data: loginResult.extend({ recoveryCodes: z.array(z.string()) }),
  }),
  totpStatus: get(`${A}/totp/status`, { tags, summary: '两步验证状态', data: totpStatus }),
  totpEnrol: post(`${A}/totp/enrol`, { tags, summary: '绑定两步验证：获取密钥与二维码地址', data: totpEnrolment }),
  totpConfirm: post(`${A}/totp/confirm`, {
    tags,
    summary: '绑定两步验证：确认首个验证码，返回恢复码（仅此一次）',
    body: totpConfirmBody,
    data: totpRecoveryCodes,
  }),
  totpDisable: post(`${A}/totp/disable`, { tags, summary: '关闭两步验证（需当前密码）', body: totpDisableBody }),
  totpPolicy: get(`${A}/totp/policy`, {
    permission: TOTP_POLICY_PERMISSION,
    tags,
    summary: '本单位两步验证要求',
    data: totpPolicy,
  }),
  // tenant.config: the policy binds the administrators of every school, so only the top org's may set it.
  setTotpPolicy: post(`${A}/totp/policy`, {
    permission: TOTP_POLICY_PERMISSION,
    tenantWide: true,
    tags,
    summary: '设置本单位管理员是否必须启用两步验证',
    body: totpPolicy,
  }),
  loginLog: get(`${A}/loginLog/page`, {
    permission: LOGIN_LOG_PERMISSION,
    tags,
    summary: '登录日志',
    query: loginLogQuery,
    data: loginLogPage,
  }),
  loginLogPost: post(`${A}/loginLog/page`, {
    permission: LOGIN_LOG_PERMISSION,
    tags,
    summary: '登录日志',
    body: loginLogQuery,
    data: loginLogPage,
  }),
}

const Q = '/base/thirdparty/dingtalk'

/** Under /base/thirdparty/dingtalk (000 §7.5): the QR-code login. */
export const qrLoginContracts = {
  qrCode: get(`${Q}/qrcode`, {
    public: true,
    tags,
    summary: '获取扫码登录二维码（2分钟有效，单次使用；绑定本浏览器）',
    query: z.object({ orgId: z.coerce.number().int().optional() }),
    data: qrCodeInfo,
  }),
  qrCodeByOrg: get(`${Q}/loginQRCodeByOrg`, {
    public: true,
    tags,
    summary: '获取机构的扫码登录二维码（绑定本浏览器）',
    query: z.object({ orgId: z.coerce.number().int() }),
    data: qrCodeInfo,
  }),
  poll: get(`${Q}/login/qrcode/process`, {
    public: true,
    tags,
    summary: '扫码登录状态（生成二维码的浏览器轮询；确认后首次返回登录令牌）',
    query: qrProcessQuery,
    data: qrProcessResult,
  }),
  act: post(`${Q}/login/qrcode/process`, {
    tags,
    summary: '手机端扫码、确认或取消登录',
    body: qrActionBody,
    data: qrScanInfo,
  }),
}
