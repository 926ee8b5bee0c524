import { InputMsg } from './input.js'
import * as z from './z.js'
import { MP_SCOPES } from './constants.js'

/**
 * The in-app message centre (站内信) and the message templates that fill it (docs/messages.md, "Messages and service
 * accounts"). Payload names are ours: the spec only names /base/api/messagetemplate's operations.
 */

export const MessageMsg = {
  NOT_FOUND: '消息不存在',
  TEMPLATE_NOT_FOUND: '消息模板不存在',
  NAME_REQUIRED: '请输入模板名称',
  CONTENT_REQUIRED: '请输入模板内容',
  EVENT_REQUIRED: '请选择触发事件',
  PUSH_TYPE_REQUIRED: '请选择推送方式',
  UNKNOWN_KEYWORD: '模板内容包含该事件不支持的关键字',
  SMS_TEMPLATE_REQUIRED: '短信推送请选择短信模板',
  WX_TEMPLATE_REQUIRED: '未填写微信模板ID，服务号也未配置该事件的模板',
  DUPLICATE: '该机构下此事件已有同一推送方式的模板',
} as const

/** The message centre's list (PC and phone). */
export const MESSAGE_CENTRE_PATH = '/portal/messages'
export const MOBILE_MESSAGE_CENTRE_PATH = '/mobile/messages'

const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const id = z.coerce.number({ message: '参数错误' }).int().min(1)

export const messageListBody = z.object({ ...paging, unreadOnly: z.boolean().default(false) })
export const messageIdBody = z.object({ id })

export const messageRow = z.object({
  id: z.number(),
  event: z.string(),
  title: z.string(),
  content: z.string(),
  /** Where 查看 goes: a path on this site, an app's http(s) address (应用通知), or empty. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
})
export type MessageRow = z.infer<typeof messageRow>

/** The events that send a message (the modules that call notify()). */
export const MESSAGE_EVENTS = [
  'joinApproved',
  'passwordReset',
  'importFinished',
  'complaintAnswered',
  'newsToConfirm',
  'appNotice',
  'exportRequested',
  'exportReviewed',
  'transferStep',
  'transferDone',
] as const
export type MessageEvent = (typeof MESSAGE_EVENTS)[number]
export const MESSAGE_EVENT_LABELS: Record<MessageEvent, string> = {
  joinApproved: '加入申请审核通过',
  passwordReset: '密码重置',
  importFinished: '导入完成',
  complaintAnswered: '投诉建议已回复',
  newsToConfirm: '新闻待确认阅读',
  appNotice: '应用通知',
  exportRequested: '导出申请待审批',
  exportReviewed: '导出申请审批结果',
  transferStep: '转学待审核',
  transferDone: '转学办理结果',
}

/** Keywords each event fills (written {学生姓名} in a template). */
export const MESSAGE_KEYWORDS: Record<MessageEvent, readonly string[]> = {
  joinApproved: ['姓名', '学生姓名', '学校名称', '时间'],
  passwordReset: ['姓名', '账号', '重置方式', '学校名称', '时间'],
  importFinished: ['姓名', '导入类型', '成功条数', '失败条数', '学校名称', '时间'],
  complaintAnswered: ['姓名', '投诉标题', '回复内容', '学校名称', '时间'],
  newsToConfirm: ['姓名', '新闻标题', '学校名称', '时间'],
  // An app's message (POST /open/v1/messages): its title and text as the app wrote them.
  appNotice: ['姓名', '应用名称', '标题', '内容', '时间'],
  exportRequested: ['姓名', '申请人', '导出类型', '用途', '学校名称', '时间'],
  exportReviewed: ['姓名', '导出类型', '审批结果', '审批意见', '学校名称', '时间'],
  transferStep: ['姓名', '学生姓名', '转出学校', '转入学校', '审核环节', '期限', '学校名称', '时间'],
  transferDone: ['姓名', '学生姓名', '转出学校', '转入学校', '结果', '学校名称', '时间'],
}

export const PUSH_TYPES = ['site', 'sms', 'wechat'] as const
export type PushType = (typeof PUSH_TYPES)[number]
export const PUSH_TYPE_LABELS: Record<PushType, string> = { site: '站内信', sms: '短信', wechat: '微信模板消息' }

/**
 * The built-in template of an event an org has not configured: an in-app message, on. An org that saves an in-app
 * template of the event replaces it; one that saves it switched off sends no in-app message for the event.
 */
export const DEFAULT_MESSAGE_TEMPLATES: Record<MessageEvent, { title: string; content: string; link: string }> = {
  joinApproved: {
    title: '加入申请已通过',
    content: '{姓名}，您加入{学校名称}的申请已于{时间}审核通过。',
    link: '/portal/home',
  },
  passwordReset: {
    title: '密码已重置',
    content: '{姓名}，您的账号{账号}的密码已于{时间}通过{重置方式}重置。如非本人操作，请联系管理员。',
    link: '/oneselfCenter',
  },
  importFinished: {
    title: '导入完成',
    content: '{导入类型}导入已于{时间}完成：成功{成功条数}条，失败{失败条数}条。',
    link: '',
  },
  complaintAnswered: {
    title: '投诉建议已回复',
    content: '您提交的“{投诉标题}”已于{时间}回复：{回复内容}',
    link: '/complaintSuggest/submit',
  },
  newsToConfirm: { title: '有新闻待您确认', content: '{学校名称}发布了新闻“{新闻标题}”，请阅读并确认。', link: '' },
  // The link is the app's own (the message's, else the app's entry address).
  appNotice: { title: '{标题}', content: '{内容}', link: '' },
  // Export approval (docs/privacy.md): the reviewers learn of a request, the requester of its outcome.
  exportRequested: {
    title: '有导出申请待审批',
    content: '{申请人}申请导出{导出类型}信息，用途：{用途}。请在“导出申请”中审批。',
    link: '/base-privacyLog/exports',
  },
  exportReviewed: {
    title: '导出申请{审批结果}',
    content: '您提交的{导出类型}导出申请{审批结果}。{审批意见}',
    link: '/base-privacyLog/exports',
  },
  // Transfers (docs/school-year.md "Transfers"): a step opens or nears its deadline; the request ends.
  transferStep: {
    title: '转学申请待{审核环节}',
    content: '{学生姓名}由{转出学校}转入{转入学校}的申请待{审核环节}，{期限}。请在“转学管理”中处理。',
    link: '/base-transfer/index',
  },
  transferDone: {
    title: '转学申请{结果}',
    content: '{学生姓名}由{转出学校}转入{转入学校}的申请{结果}。',
    link: '/base-transfer/index',
  },
}

/** Fills {keyword} placeholders; unknown ones stay as written (save refuses them, see templateBody). */
export function fillKeywords(text: string, values: Partial<Record<string, string>>): string {
  return text.replace(/\{([^{}]{1,20})\}/g, (m, k: string) => values[k] ?? m)
}
/** The {keywords} of a text that the event does not fill. */
function unknownKeywords(text: string, event: MessageEvent): string[] {
  const known = new Set(MESSAGE_KEYWORDS[event])
  return [...text.matchAll(/\{([^{}]{1,20})\}/g)].map((m) => m[1]!).filter((k) => !known.has(k))
}

const code = (max: number) => z.line().max(max, InputMsg.TOO_LONG)
const templateFields = z.object({
  id: id.optional(),
  /** Omitted: the caller's current org. */
  orgId: z.coerce.number().int().min(1).optional(),
  name: z
    .line({ message: MessageMsg.NAME_REQUIRED })
    .min(1, MessageMsg.NAME_REQUIRED)
    .max(30, '模板名称不能超过30个字'),
  event: z.enum(MESSAGE_EVENTS, MessageMsg.EVENT_REQUIRED),
  pushType: z.enum(PUSH_TYPES, MessageMsg.PUSH_TYPE_REQUIRED),
  title: z.line().max(50, '标题不能超过50个字').default(''),
  content: z
    .string({ message: MessageMsg.CONTENT_REQUIRED })
    .trim()
    .min(1, MessageMsg.CONTENT_REQUIRED)
    .max(500, '模板内容不能超过500个字'),
  link: z.link('path').default(''),
  smsTemplateCode: code(64).default(''),
  wxTemplateId: code(64).default(''),
  enabled: z.boolean().default(true),
})
const templateRules = (b: z.infer<typeof templateFields>, c: z.RefinementCtx) => {
  if (unknownKeywords(`${b.title}${b.content}`, b.event).length)
    c.addIssue({ code: 'custom', path: ['content'], message: MessageMsg.UNKNOWN_KEYWORD })
  if (b.pushType === 'sms' && !b.smsTemplateCode)
    c.addIssue({ code: 'custom', path: ['smsTemplateCode'], message: MessageMsg.SMS_TEMPLATE_REQUIRED })
}
export const templateBody = templateFields.superRefine(templateRules)
/** update names the template it changes: an update never inserts. */
export const templateUpdateBody = templateFields.extend({ id }).superRefine(templateRules)
export type TemplateBody = z.input<typeof templateBody>
export const templatePageBody = z.object({
  ...paging,
  event: z.enum(MESSAGE_EVENTS).optional(),
  pushType: z.enum(PUSH_TYPES).optional(),
  name: z.line().max(30, InputMsg.TOO_LONG).default(''),
})
export const templateIdQuery = z.object({ id })
export const keywordQuery = z.object({ event: z.enum(MESSAGE_EVENTS, MessageMsg.EVENT_REQUIRED) })
export const templateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  event: z.string(),
  pushType: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  smsTemplateCode: z.string(),
  wxTemplateId: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
})
export type TemplateRow = z.infer<typeof templateRow>
export const optionRow = z.object({ value: z.string(), label: z.string() })

// ---- WeChat / DingTalk app settings (service account, external hire, teacher and parent terminals) ----

export type MpScope = (typeof MP_SCOPES)[number]
export const MP_PLATFORMS = ['wx_mp', 'wx_mini', 'dd_mini'] as const
export type MpPlatform = (typeof MP_PLATFORMS)[number]
export const MP_PLATFORM_LABELS: Record<MpPlatform, string> = {
  wx_mp: '微信公众号',
  wx_mini: '微信小程序',
  dd_mini: '钉钉小程序',
}
export const MP_SCOPE_LABELS: Record<MpScope, string> = {
  service: '服务号',
  waipin: '外聘小程序',
  teacher: '教师移动端',
  parent: '家长学生移动端',
}
/** Page and write codes of each scope (permissions.ts). */
export const MP_SCOPE_CODES: Record<MpScope, { page: string; write: string; remove: string }> = {
  service: {
    page: 'sc_menhu_service_config',
    write: 'sc_menhu_service_config_edit',
    remove: 'sc_menhu_service_config_edit',
  },
  waipin: {
    page: 'sc_menhu_employee_mini',
    write: 'sc_menhu_employee_mini_edit',
    remove: 'sc_menhu_employee_mini_edit',
  },
  teacher: { page: 'sc_menhu_mobile_t', write: 'sc_menhu_mobile_t_edit', remove: 'sc_menhu_mobile_t_delete' },
  parent: { page: 'sc_menhu_mobile_p', write: 'sc_menhu_mobile_p_edit', remove: 'sc_menhu_mobile_p_delete' },
}
export const TEMPLATE_WRITE_CODE = 'sc_menhu_service_config_template'

export const MpMsg = {
  APP_ID_INVALID: 'AppID格式不正确（字母、数字，6-64位）',
  SECRET_REQUIRED: '请输入AppSecret',
  SECRET_INVALID: 'AppSecret格式不正确（字母、数字，16-128位）',
  NOT_FOUND: '配置不存在',
  PLATFORM_NOT_ALLOWED: '该处不能配置此类应用',
  BIND_FAILED: '微信授权失败，请重试',
  NO_WECHAT: '未配置微信公众号',
  DUPLICATE: '该机构下已配置同类应用，请编辑原配置',
  AGENT_REQUIRED: '钉钉应用请填写AgentId（发送工作通知用）',
} as const

/** Which platforms each scope configures. */
export const MP_SCOPE_PLATFORMS: Record<MpScope, readonly MpPlatform[]> = {
  service: ['wx_mp', 'wx_mini'],
  waipin: ['wx_mini', 'dd_mini'],
  teacher: ['wx_mp', 'dd_mini'],
  parent: ['wx_mp', 'dd_mini'],
}

export const mpScopeQuery = z.object({ orgId: z.coerce.number().int().min(1).optional() })
export const mpAppBody = z.object({
  id: id.optional(),
  orgId: z.coerce.number().int().min(1).optional(),
  platform: z.enum(MP_PLATFORMS),
  name: z.line({ message: '请输入名称' }).min(1, '请输入名称').max(30, '名称不能超过30个字'),
  appId: z.line({ message: MpMsg.APP_ID_INVALID }).regex(/^[A-Za-z0-9_-]{6,64}$/, MpMsg.APP_ID_INVALID),
  /** Empty on an edit keeps the stored secret; never sent back. */
  appSecret: z
    .line()
    .max(128, MpMsg.SECRET_INVALID)
    .default('')
    .refine((v) => v === '' || /^[A-Za-z0-9_-]{16,128}$/.test(v), MpMsg.SECRET_INVALID),
  agentId: z.line().max(32, InputMsg.TOO_LONG).regex(/^\d*$/, 'AgentId只能是数字').default(''),
  /** Another API host (a private deployment or the tests' stand-in); empty is the platform's own. */
  apiBase: z.link('endpoint').default(''),
  /** The platform's template id per event. */
  templates: z.partialRecord(z.enum(MESSAGE_EVENTS), code(64)).default({}),
  enabled: z.boolean().default(true),
})
export type MpAppBody = z.input<typeof mpAppBody>
export const mpAppRow = z.object({
  id: z.number(),
  scope: z.string(),
  orgId: z.number(),
  platform: z.string(),
  name: z.string(),
  appId: z.string(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  agentId: z.string(),
  apiBase: z.string(),
  templates: z.record(z.string(), z.string()),
  enabled: z.boolean(),
  updatedAt: z.string(),
})
export type MpAppRow = z.infer<typeof mpAppRow>
export const mpIdBody = z.object({ id })
/** The app a WeChat openid is bound for: the service account (default) or the teacher / parent terminal's official account. */
export const WECHAT_BIND_SCOPES = ['service', 'teacher', 'parent'] as const
export type WechatBindScope = (typeof WECHAT_BIND_SCOPES)[number]
export const wechatBindBody = z.object({
  code: z.line({ message: MpMsg.BIND_FAILED }).min(1, MpMsg.BIND_FAILED).max(128, InputMsg.TOO_LONG),
  scope: z.enum(WECHAT_BIND_SCOPES, '参数错误').default('service'),
})

// ---- The external-hire mini-program (/menhu-waipin): its sign-in shows an external hire their pass ----

export const WaipinMsg = {
  NOT_CONFIGURED: '外聘小程序未配置或已停用，请联系学校',
  AUTH_FAILED: '授权失败，未能获取手机号，请重试',
  NOT_REGISTERED: '未找到您的外聘人员登记，请联系学校',
} as const
/** POST /base/api/waipin/card (public): the mini-program's login code — WeChat's getPhoneNumber code or DingTalk's authCode. */
export const waipinCardBody = z.object({
  orgId: z.coerce.number({ message: '参数错误' }).int().min(1, '参数错误'),
  platform: z.enum(['wx_mini', 'dd_mini'], '参数错误'),
  code: z.line({ message: WaipinMsg.AUTH_FAILED }).min(1, WaipinMsg.AUTH_FAILED).max(256, InputMsg.TOO_LONG),
})
export const waipinCard = z.object({
  name: z.string(),
  phone: z.string(),
  orgName: z.string(),
  company: z.string().nullable(),
  jobName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** In the contract period today (China date) and enabled; else reason says why not. */
  valid: z.boolean(),
  reason: z.string().nullable(),
})
export type WaipinCard = z.infer<typeof waipinCard>
