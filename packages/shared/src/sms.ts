/**
 * SMS: provider config, templates, the SMS log, verification codes, SMS login and forgot password (issue 13;
 * 000 §7.2, §7.3; 001 §7.5). docs/auth.md describes the flows and limits.
 */
import * as z from './z.js'

export const SMS_EVENTS = ['login', 'signup', 'reset_password', 'bind_phone'] as const
export type SmsEventName = (typeof SMS_EVENTS)[number]
export const SMS_EVENT_LABELS: Record<SmsEventName, string> = {
  login: '短信登录',
  signup: '注册',
  reset_password: '找回密码',
  bind_phone: '绑定手机号',
}

/** outbox sends nothing and keeps the message in the SMS log (the default); aliyun is Alibaba Cloud SMS (dysmsapi). */
export const SMS_TYPES = ['outbox', 'aliyun'] as const
export type SmsType = (typeof SMS_TYPES)[number]
export const SMS_TYPE_LABELS: Record<SmsType, string> = { outbox: '站内发件箱（不实际发送）', aliyun: '阿里云短信' }

/** Code rules and send limits (docs/auth.md). */
export const SMS_LIMITS = {
  codeLength: 6,
  codeTtlMinutes: 5,
  maxWrongTries: 5,
  resendSeconds: 60,
  perPhonePerDay: 10,
  /** Sends per client address in a rolling hour, across phones (stops one address from walking through numbers). */
  perIpPerHour: 20,
  /** Forgot-password ticket after a verified code. */
  resetTicketMinutes: 10,
} as const

export const SmsErrorCode = {
  CODE_WRONG: 1201,
  CODE_EXPIRED: 1202,
  CODE_USED: 1203,
  CODE_TOO_MANY_TRIES: 1204,
  SEND_TOO_OFTEN: 1205,
  SEND_DAY_LIMIT: 1206,
  SEND_IP_LIMIT: 1207,
  SEND_FAILED: 1208,
  NOT_CONFIGURED: 1209,
} as const

export const SmsMsg = {
  PHONE_INVALID: '请输入正确的手机号',
  CODE_INVALID_FORMAT: '请输入6位数字验证码',
  CODE_WRONG: '验证码错误',
  CODE_EXPIRED: '验证码已过期，请重新获取',
  CODE_USED: '验证码已使用，请重新获取',
  CODE_TOO_MANY_TRIES: '验证码错误次数过多，请重新获取',
  SEND_TOO_OFTEN: '发送过于频繁，请60秒后再试',
  SEND_DAY_LIMIT: '该手机号今日获取验证码次数已达上限，请明天再试',
  SEND_IP_LIMIT: '当前网络获取验证码过于频繁，请稍后再试',
  SEND_FAILED: '短信发送失败，请稍后再试',
  SENT: '验证码已发送',
  CODE_OK: '验证通过',
  MANY_TENANTS: '该手机号属于多个单位，请从所在学校的登录页登录',
  MANY_ACCOUNTS: '该手机号关联多个账号，请使用账号密码登录',
  TEMPLATE_MISSING: '未配置该事件的短信模板',
  TEMPLATE_EXISTS: '该事件已有短信模板',
  CONFIG_INCOMPLETE: '请填写完整的短信服务配置',
  SAVED: '保存成功',
  REMOVED: '删除成功',
  OUTBOX_ONLY: '仅站内发件箱的短信可查看原文',
  SMS_STEP_NEEDED: '请完成短信验证',
} as const

export const phoneSchema = z.line().regex(/^1\d{10}$/, SmsMsg.PHONE_INVALID)
export const smsCodeSchema = z.line().regex(/^\d{6}$/, SmsMsg.CODE_INVALID_FORMAT)
const smsEvent = z.enum(SMS_EVENTS)

// ---- config ----
export const smsConfigView = z.object({
  smsType: z.enum(SMS_TYPES),
  accessKeyId: z.string().nullable(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  signName: z.string().nullable(),
  endpoint: z.string().nullable(),
  /** Password login needs an SMS second step (operationType 6) for this tenant. */
  passwordLoginSmsStep: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type SmsConfigView = z.infer<typeof smsConfigView>

export const smsConfigSave = z.object({
  smsType: z.enum(SMS_TYPES),
  accessKeyId: z.line().max(64).optional().nullable(),
  /** Empty or absent keeps the stored secret. */
  accessKeySecret: z.line().max(128).optional().nullable(),
  signName: z.line().max(32).optional().nullable(),
  /** Alibaba Cloud's API host (dysmsapi.aliyuncs.com by default): https (docs/auth.md). */
  endpoint: z.link('endpoint').optional().nullable(),
  passwordLoginSmsStep: z.boolean().optional(),
})
export type SmsConfigSave = z.infer<typeof smsConfigSave>

export const smsTypeOption = z.object({ value: z.enum(SMS_TYPES), label: z.string() })

// ---- templates ----
export const smsTemplate = z.object({
  id: z.number(),
  event: smsEvent,
  eventName: z.string(),
  name: z.string(),
  templateCode: z.string().nullable(),
  content: z.string(),
  status: z.number(),
  createdAt: z.string(),
})
export type SmsTemplate = z.infer<typeof smsTemplate>

export const smsTemplateCreate = z.object({
  event: smsEvent,
  name: z.line().min(1, '请输入模板名称').max(50),
  /** The provider's template id (Alibaba: SMS_123456789); not needed by the outbox. */
  templateCode: z.line().max(64).optional().nullable(),
  /** ${code} stands for the verification code. */
  content: z
    .line()
    .min(1, '请输入模板内容')
    .max(300)
    .refine((v) => v.includes('${code}'), '模板内容须包含 ${code}'),
  status: z.coerce.number().int().min(0).max(1).default(0),
})
export const smsTemplateUpdate = smsTemplateCreate.extend({ id: z.id() })
export type SmsTemplateCreate = z.infer<typeof smsTemplateCreate>
export type SmsTemplateUpdate = z.infer<typeof smsTemplateUpdate>

export const smsTemplatePageQuery = z.object({
  event: smsEvent.optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})

// ---- log ----
export const SMS_LOG_STATUS = ['outbox', 'sent', 'failed', 'skipped'] as const
export const SMS_LOG_STATUS_LABELS: Record<(typeof SMS_LOG_STATUS)[number], string> = {
  outbox: '已记录（发件箱）',
  sent: '已发送',
  failed: '发送失败',
  skipped: '未发送（无此账号）',
}
export const smsLogRow = z.object({
  id: z.number(),
  phone: z.string(),
  userName: z.string().nullable(),
  event: smsEvent,
  eventName: z.string(),
  provider: z.string(),
  status: z.enum(SMS_LOG_STATUS),
  content: z.string(),
  error: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The super administrator may read the full text of an outbox message (GET sms/log/full). */
  fullTextAvailable: z.boolean(),
})
export type SmsLogRow = z.infer<typeof smsLogRow>
export const smsLogQuery = z.object({
  phone: z.line().max(11).optional(),
  event: smsEvent.optional(),
  status: z.enum(SMS_LOG_STATUS).optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** The super administrator reads another tenant's log by naming it. */
  tenantId: z.coerce.number().int().min(0).optional(),
})

// ---- SMS login and forgot password (000 §7.2, §7.3) ----
/** GET login/sms/code/send and POST login/sms/code/sendForPhoneLogin. */
export const smsSendBody = z
  .object({
    phone: phoneSchema.optional(),
    orgId: z.coerce.number().int().optional().nullable(),
    /** The SMS step of a password login (operationType 6): the code goes to that account's phone. */
    mustSmsId: z.line().max(200).optional(),
  })
  .refine((b) => !!b.phone || !!b.mustSmsId, { message: SmsMsg.PHONE_INVALID, path: ['phone'] })
/** GET login/sms/code/valid: checks without using the code up. */
export const smsValidQuery = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  orgId: z.coerce.number().int().optional(),
})
/** POST loginByPhoneSms. mustSmsId continues a password login that asked for the SMS step (operationType 6). */
export const loginByPhoneSmsBody = z
  .object({
    orgId: z.number().int().optional().nullable(),
    /** Not needed with mustSmsId: the code went to the account's own phone. */
    phone: phoneSchema.optional().nullable(),
    smsCode: smsCodeSchema,
    mustSmsId: z.line().max(200).optional().nullable(),
  })
  .refine((b) => !!b.phone || !!b.mustSmsId, { message: SmsMsg.PHONE_INVALID, path: ['phone'] })
export type LoginByPhoneSmsBody = z.infer<typeof loginByPhoneSmsBody>

/** GET account/smsSendModifyPwd. */
export const smsSendModifyPwdQuery = z.object({ phone: phoneSchema, orgId: z.coerce.number().int().optional() })
/** POST account/smsVerifyCode: answers a reset ticket (10 minutes, single use). */
export const smsVerifyCodeBody = z.object({
  phone: phoneSchema,
  smsCode: smsCodeSchema,
  orgId: z.number().int().optional().nullable(),
})
export const smsVerifyCodeResult = z.object({ resetTicket: z.string() })
/** POST account/change/password/notLogin. */
export const changePasswordNotLoginBody = z.object({
  resetTicket: z.line().min(1).max(200),
  newPassword: z.string().min(1, '请输入新密码').max(64),
  confirmPassword: z.string().max(64).optional(),
})
