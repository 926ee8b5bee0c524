import { APP_CHILDREN_DATA } from './privacy/consent-purposes.js'
import * as z from './z.js'

/**
 * Apps that sign people in through the district's identity hub (issue 24; docs/open-platform.md): the protocol an app
 * speaks, its client id and secret, its exact redirect and service addresses, and what the district grants it — the
 * scopes below, each releasing a fixed list of claims that the grant screen shows word for word.
 */
export const AppClientMsg = {
  NOT_FOUND: '应用未配置接入协议',
  APP_NOT_FOUND: '应用不存在',
  REDIRECT_REQUIRED: 'OIDC 应用至少填写一个回调地址',
  SERVICE_REQUIRED: 'CAS 应用至少填写一个服务地址',
  URL_DUPLICATE: '地址重复',
  TOO_MANY_URLS: '地址最多 10 个',
  PUBLIC_NO_CREDENTIALS: '公开客户端不能使用服务端凭证（client credentials）',
  TOP_ORG_ONLY: '只有顶级机构管理员可以配置应用接入',
  SUSPENDED: '应用已停用',
  SECRET_ONCE: '密钥只显示这一次，请立即复制保存',
} as const

export const APP_PROTOCOLS = ['token', 'oidc', 'cas'] as const
export type AppProtocol = (typeof APP_PROTOCOLS)[number]
export const APP_PROTOCOL_LABEL: Record<AppProtocol, string> = {
  token: '门户令牌（accesstoken）',
  oidc: 'OpenID Connect',
  cas: 'CAS 3.0',
}

/** The scopes a district can grant an app, and exactly what each one releases. */
export const HUB_SCOPES = [
  'profile',
  'zx:identity',
  'zx:school',
  'zx:guardian',
  'zx:roles',
  'phone',
  'directory',
  'zx:notify',
] as const
export type HubScope = (typeof HUB_SCOPES)[number]
export const HUB_SCOPE_INFO: Record<HubScope, { label: string; claims: readonly string[]; note: string }> = {
  profile: { label: '基本资料', claims: ['name', 'picture'], note: '姓名、头像' },
  'zx:identity': {
    label: '身份',
    claims: ['user_type', 'tenant_id', 'school_ids', 'org_id'],
    note: '用户类型（教职工/学生/家长）、所属租户、所在学校',
  },
  'zx:school': {
    label: '在校信息',
    claims: ['student_no', 'staff_no', 'grade', 'class_ids', 'classes'],
    note: '学号或工号、年级、班级（教师：任教班级、是否班主任及任教学科）',
  },
  'zx:guardian': {
    label: '亲属关系',
    claims: ['children', 'guardians'],
    note: '家长的孩子及关系；学生的家长及关系',
  },
  'zx:roles': {
    label: '角色',
    claims: ['roles'],
    note: '在所登录学校担任的角色（角色代码）',
  },
  phone: { label: '手机号', claims: ['phone_number'], note: '手机号（需区县单独批准）' },
  directory: {
    label: '通讯录接口',
    claims: ['schools', 'grades', 'classes', 'teachers', 'students', 'guardians'],
    note: '以服务端凭证读取学校、年级、班级、教师、学生和家长（按上面已授权的范围返回字段）',
  },
  'zx:notify': {
    label: '消息与待办',
    claims: ['messages', 'badges'],
    note: '以服务端凭证向本单位人员发送消息（站内信，已配置模板时同时推送短信、微信），设置门户红点上的待办数',
  },
}
/** Scopes a person's sign-in can carry. */
export const USER_SCOPES: readonly HubScope[] = [
  'profile',
  'zx:identity',
  'zx:school',
  'zx:guardian',
  'zx:roles',
  'phone',
]
/** Scopes of the app's server only (client credentials): never part of a sign-in, never released as claims. */
export const SERVER_SCOPES: readonly HubScope[] = ['directory', 'zx:notify']

/** The user_type claim. */
export const HubUserType = { 1002: 'teacher', 1003: 'student', 1004: 'guardian' } as const

const MAX_URLS = 10
const urlList = z
  .array(z.link('http'))
  .max(MAX_URLS, AppClientMsg.TOO_MANY_URLS)
  .transform((l) => l.filter((u) => u !== ''))
  .refine((l) => new Set(l).size === l.length, AppClientMsg.URL_DUPLICATE)

export const appClientSaveBody = z
  .object({
    appId: z.id(),
    protocol: z.enum(APP_PROTOCOLS),
    publicClient: z.boolean().default(false),
    redirectUris: urlList.default([]),
    postLogoutUris: urlList.default([]),
    backchannelLogoutUri: z.link('http').default(''),
    casServices: urlList.default([]),
    casUserAttr: z.enum(['sub', 'staff_no', 'student_no', 'user_info_id']).default('sub'),
    scopes: z.array(z.enum(HUB_SCOPES)).max(HUB_SCOPES.length).default([]),
    subjectType: z.enum(['pairwise', 'public']).default('pairwise'),
    clientCredentials: z.boolean().default(false),
    ratePerMinute: z.number().int().min(10).max(100_000).default(600),
    /** Third-party (guardian consent for minors) or school-duty; absent: 'consent' for a new app, kept on an edit. */
    childrenData: z.enum(APP_CHILDREN_DATA, { message: '请选择应用类型' }).optional(),
  })
  .refine((b) => b.protocol !== 'oidc' || b.redirectUris.length > 0, {
    message: AppClientMsg.REDIRECT_REQUIRED,
    path: ['redirectUris'],
  })
  .refine((b) => b.protocol !== 'cas' || b.casServices.length > 0, {
    message: AppClientMsg.SERVICE_REQUIRED,
    path: ['casServices'],
  })
  .refine((b) => !(b.publicClient && b.clientCredentials), {
    message: AppClientMsg.PUBLIC_NO_CREDENTIALS,
    path: ['clientCredentials'],
  })
export type AppClientSaveBody = z.input<typeof appClientSaveBody>

export const appClient = z.object({
  appId: z.number(),
  appName: z.string(),
  clientId: z.string(),
  protocol: z.enum(APP_PROTOCOLS),
  publicClient: z.boolean(),
  hasSecret: z.boolean(),
  secretSetAt: z.string().nullable(),
  redirectUris: z.array(z.string()),
  postLogoutUris: z.array(z.string()),
  backchannelLogoutUri: z.string(),
  casServices: z.array(z.string()),
  casUserAttr: z.string(),
  scopes: z.array(z.string()),
  subjectType: z.enum(['pairwise', 'public']),
  clientCredentials: z.boolean(),
  ratePerMinute: z.number(),
  suspended: z.boolean(),
  childrenData: z.enum(APP_CHILDREN_DATA),
  /** The tenant's issuer and CAS base, for the vendor's configuration. */
  issuer: z.string(),
  casBase: z.string(),
})
export type AppClient = z.infer<typeof appClient>

/** The one time a client secret leaves the server: on creation and on rotation. */
export const appClientSecret = z.object({ clientId: z.string(), clientSecret: z.string() })
export type AppClientSecret = z.infer<typeof appClientSecret>

export const appAccessLogQuery = z.object({
  appId: z.coerce.number().int().positive(),
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const appAccessLogRow = z.object({
  id: z.number(),
  kind: z.string(),
  userInfoId: z.number().nullable(),
  trueName: z.string().nullable(),
  scope: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  at: z.string(),
})
export type AppAccessLogRow = z.infer<typeof appAccessLogRow>
