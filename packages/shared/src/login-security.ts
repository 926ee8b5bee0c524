/**
 * QR-code login, TOTP two-factor sign-in, the login log and checkPassword (issue 13, docs/auth.md).
 * The spec names the QR paths and checkPassword; the TOTP calls and the login log are ours.
 */
import { passwordRule } from './auth.js'
import * as z from './z.js'

/** How a sign-in came about; every row of the login log carries one. */
export const LOGIN_METHODS = ['password', 'sms', 'qr', 'sso', 'code', 'totp'] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]
export const LOGIN_METHOD_LABEL: Record<LoginMethod, string> = {
  password: '账号密码',
  sms: '短信验证码',
  qr: '扫码登录',
  sso: '第三方登录',
  code: '授权码登录',
  totp: '两步验证',
}

export const QR_LOGIN = {
  /** A QR id lives 2 minutes; the login page fetches a new one when it runs out. */
  ttlSeconds: 120,
  /** The waiting page asks every 2 s. */
  pollMs: 2000,
} as const

/** waiting → scanned → confirmed (the token is handed out once, then the id is spent) | cancelled | expired. */
export const QR_STATES = ['waiting', 'scanned', 'confirmed', 'expired', 'cancelled'] as const
export type QrState = (typeof QR_STATES)[number]

export const QrMsg = {
  INVALID: '二维码无效或已过期，请刷新二维码',
  OTHER_TENANT: '该二维码不是本单位的登录二维码，无法确认',
  NOT_MEMBER: '您不属于该二维码对应的机构，无法确认',
  CONFIRMED: '已确认登录',
  CANCELLED: '已取消登录',
  SCANNED: '已扫码，请在手机上确认',
} as const

/** Answer of GET /base/thirdparty/dingtalk/qrcode and loginQRCodeByOrg: what the login page turns into a QR code. */
export const qrCodeInfo = z.object({
  /** The single-use id (only its hash is stored); the QR code encodes the mobile confirm page with it. */
  qrId: z.string(),
  /** Hash route of the mobile confirm page, to be put after the site's own address. */
  confirmPath: z.string(),
  expireSeconds: z.number(),
  /** Set when the tenant configured DingTalk: its own QR login page, shown beside ours. */
  dingtalkUrl: z.string().nullable(),
})
export type QrCodeInfo = z.infer<typeof qrCodeInfo>

export const qrIdField = z
  .string()
  .min(20, QrMsg.INVALID)
  .max(100, QrMsg.INVALID)
  .regex(/^[A-Za-z0-9_-]+$/, QrMsg.INVALID)

export const qrProcessQuery = z.object({ qrId: qrIdField })

/** Poll answer (the waiting login page). The login result comes once, with the confirmed state. */
export const qrProcessResult = z.object({
  state: z.enum(QR_STATES),
  operationType: z.number().int().optional(),
  userToken: z.string().optional(),
  tenantId: z.number().optional(),
})
export type QrProcessResult = z.infer<typeof qrProcessResult>

/** The phone's actions on a QR id (POST on the same path, signed in). */
export const qrActionBody = z.object({ qrId: qrIdField, action: z.enum(['scan', 'confirm', 'cancel']) })
export type QrActionBody = z.infer<typeof qrActionBody>

/** What the phone shows before its owner confirms: who asks, from where, for which unit. */
export const qrScanInfo = z.object({
  state: z.enum(QR_STATES),
  tenantName: z.string().nullable(),
  orgName: z.string().nullable(),
  requestIp: z.string().nullable(),
  requestAgent: z.string().nullable(),
  requestedAt: z.string(),
  /** Who will be signed in on the waiting page: the phone's own account and organisation. */
  userName: z.string(),
  trueName: z.string(),
  currentOrgName: z.string(),
})
export type QrScanInfo = z.infer<typeof qrScanInfo>

// ---- TOTP ----

export const TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** One step either side of now is accepted (clock drift of the phone). */
  window: 1,
  issuer: '智校',
  recoveryCodes: 10,
  /** The ticket between the password and the code. */
  ticketTtlSeconds: 300,
  /** Wrong codes on one ticket before it is void. */
  maxTriesPerTicket: 5,
  /** Consecutive wrong codes of an account before its code sign-in stops for lockMinutes. */
  lockAfterFailures: 10,
  lockMinutes: 15,
} as const

export const TotpMsg = {
  NEED_CODE: '请输入两步验证码',
  NEED_ENROL: '管理员须启用两步验证，请用验证器应用扫码绑定',
  CODE_WRONG: '验证码错误',
  CODE_REPLAYED: '该验证码已使用，请等待下一个验证码',
  RECOVERY_WRONG: '恢复码错误或已使用',
  TICKET_INVALID: '验证已过期，请重新登录',
  TOO_MANY: '验证码错误次数过多，请重新登录',
  LOCKED: '两步验证错误次数过多，请15分钟后再试',
  NOT_ENROLLING: '请先获取绑定二维码',
  ALREADY_ENABLED: '两步验证已启用',
  NOT_ENABLED: '两步验证未启用',
  ENABLED: '两步验证已启用，请妥善保存恢复码',
  DISABLED: '两步验证已关闭',
  REQUIRED_CANNOT_DISABLE: '本单位要求管理员启用两步验证，不能关闭',
} as const

const codeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '请输入6位数字验证码')
const recoveryField = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9-]+$/, TotpMsg.RECOVERY_WRONG)
const ticketField = z.string().min(1, TotpMsg.TICKET_INVALID).max(128, TotpMsg.TICKET_INVALID)

export const totpStatus = z.object({
  enabled: z.boolean(),
  /** The tenant requires it for administrators and this account is one. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
})
export type TotpStatus = z.infer<typeof totpStatus>

/** Shown once while enrolling: the secret (for typing in) and the otpauth:// address the QR code holds. */
export const totpEnrolment = z.object({ secret: z.string(), otpauthUrl: z.string() })
export type TotpEnrolment = z.infer<typeof totpEnrolment>

export const totpConfirmBody = z.object({ code: codeField })
export const totpRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) })
export const totpDisableBody = z.object({ password: z.string().min(1, '请输入当前密码').max(128) })

/** The login's second step: the ticket of the operationType 7 answer and a code or a recovery code. */
export const loginByTotpBody = z
  .object({
    ticket: ticketField,
    code: codeField.optional(),
    recoveryCode: recoveryField.optional(),
  })
  .refine((b) => !!b.code !== !!b.recoveryCode, { message: '请输入验证码或恢复码' })
export type LoginByTotpBody = z.infer<typeof loginByTotpBody>

/** Enrolling during the login, when the tenant requires it and the administrator has none yet. */
export const totpLoginEnrolBody = z.object({ ticket: ticketField })
export const totpLoginConfirmBody = z.object({ ticket: ticketField, code: codeField })

export const totpPolicy = z.object({ requiredForAdmins: z.boolean() })
export type TotpPolicy = z.infer<typeof totpPolicy>

// ---- Login log ----

export const loginLogQuery = z
  .object({
    pageIndex: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    /** ISO date-times; the range is [from, to). */
    from: z.string().max(40).optional(),
    to: z.string().max(40).optional(),
    userName: z.line().max(64).optional(),
    success: z.preprocess(
      (v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v),
      z.boolean().optional(),
    ),
    method: z.enum(LOGIN_METHODS).optional(),
  })
  .refine((q) => !q.from || !Number.isNaN(Date.parse(q.from)), { message: '开始时间格式有误', path: ['from'] })
  .refine((q) => !q.to || !Number.isNaN(Date.parse(q.to)), { message: '结束时间格式有误', path: ['to'] })
export type LoginLogQuery = z.infer<typeof loginLogQuery>

export const loginLogRow = z.object({
  id: z.number(),
  userName: z.string(),
  accountId: z.number().nullable(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** ysNetType of the sign-in: 1 intranet (内网), 0 internet (外网), null not sent. */
  netType: z.number().nullable(),
  createdAt: z.string(),
})
export type LoginLogRow = z.infer<typeof loginLogRow>

export const loginLogPage = z.object({
  list: z.array(loginLogRow),
  total: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
})
export type LoginLogPage = z.infer<typeof loginLogPage>

/** Chinese for the reasons the server writes (the log keeps short English keys). */
export const LOGIN_REASON_LABEL: Record<string, string> = {
  ok: '成功',
  'wrong password': '密码错误',
  'unknown user': '用户不存在',
  disabled: '账号停用',
  'tenant disabled': '租户停用',
  'no active membership': '无可用机构',
  'not a member of org': '不属于该机构',
  locked: '账号锁定',
  'bad captcha': '图形验证码错误',
  'too many attempts': '尝试次数过多',
  'must reset (default)': '须修改初始密码',
  'must reset (expired)': '密码已过期',
  'totp required': '待两步验证',
  'totp enrol required': '须绑定两步验证',
  'wrong totp': '两步验证码错误',
  'totp replay': '验证码重放',
  'wrong recovery code': '恢复码错误',
  'totp locked': '两步验证锁定',
  'recovery code': '恢复码登录',
}

// ---- checkPassword ----

/**
 * POST /base/api/auth/checkPassword (000 §7.2; the spec shows no payload, docs/auth.md "checkPassword"):
 * - newPassword: is it allowed by the tenant's rule (and not the initial password)? Signed out, the tenant is the
 *   tenantId header's (or the ?orgId's); signed in, the caller's.
 * - password (signed in only): is it the caller's current password? A wrong one counts like a wrong login password.
 *   With both, a new password equal to the current one is refused too.
 */
export const checkPasswordBody = z
  .object({
    password: z.string().min(1).max(128).optional(),
    newPassword: z.string().min(1).max(128).optional(),
    orgId: z.coerce.number().int().optional(),
  })
  .refine((b) => b.password !== undefined || b.newPassword !== undefined, { message: '请输入密码' })
export type CheckPasswordBody = z.infer<typeof checkPasswordBody>

export const checkPasswordResult = z.object({ rule: passwordRule })
export type CheckPasswordResult = z.infer<typeof checkPasswordResult>
