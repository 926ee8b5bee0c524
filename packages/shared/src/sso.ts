/**
 * Third-party sign-in (issue 13; 000 §7.2, 001 §7.5; docs/auth.md "Single sign-on" and "Code login"): the per-tenant
 * provider configs of /base/openthirdconfig, loginByThirdSSO and the third/* calls, the first-use binding and the
 * code login (coreAccountId, reqId, tenantId; state 120 with a token is success).
 */
import { loginByUserPwdBody, loginResult } from './auth.js'
import { InputMsg } from './input.js'
import * as z from './z.js'

/**
 * oidc: any OpenID Connect provider (discovery from the issuer, authorization code + PKCE, state, nonce).
 * smartEdu: the provincial smart-education platform, an OpenID Connect provider too, whose sessions also end at its
 * logout address (third/querySmartEduLogoutUrl). dingtalk: DingTalk's OAuth 2 (userAccessToken, contact/users/me).
 * wecom: WeCom (企业微信) web login (gettoken, auth/getuserinfo).
 */
export const THIRD_TYPES = ['oidc', 'smartEdu', 'dingtalk', 'wecom'] as const
export type ThirdType = (typeof THIRD_TYPES)[number]
export const THIRD_TYPE_LABELS: Record<ThirdType, string> = {
  oidc: 'OpenID Connect',
  smartEdu: '智慧教育平台',
  dingtalk: '钉钉',
  wecom: '企业微信',
}

/** The single-use steps of a sign-in and how long they live. */
export const SSO_LIMITS = {
  /** From third/url to the provider's answer (the person signs in there meanwhile). */
  stateMinutes: 10,
  /** A first use's bind ticket: the bind page's user name and password must follow within this. */
  bindTicketMinutes: 10,
  /** A code-login reqId (after choose-organisation): single use. */
  reqIdSeconds: 120,
} as const

/** Code login: state 120 with a token means success (000 §4). */
export const CODE_LOGIN_SUCCESS = 120

export const SsoErrorCode = {
  STATE_INVALID: 1301,
  PROVIDER_FAILED: 1302,
  NOT_CONFIGURED: 1303,
  BIND_TICKET_INVALID: 1304,
  ALREADY_BOUND: 1305,
  REQ_INVALID: 1306,
  NOT_BOUND: 1307,
} as const

export const SsoMsg = {
  STATE_INVALID: '登录请求已失效或不是从本页发起，请重新登录',
  PROVIDER_FAILED: '第三方登录失败，请稍后再试',
  NOT_CONFIGURED: '本单位未配置该第三方登录',
  BIND_TICKET_INVALID: '绑定已失效，请重新从第三方登录',
  ALREADY_BOUND: '该账号已绑定其他第三方账号，请先解绑',
  IDENTITY_TAKEN: '该第三方账号已绑定其他账号',
  OTHER_TENANT: '该账号不属于此第三方登录所在的单位',
  REQ_INVALID: '登录凭证无效或已过期，请重新登录',
  NOT_BOUND: '当前账号未绑定智慧教育平台账号',
  UNBOUND: '解绑成功',
  TYPE_TAKEN: '本单位已配置该类型的第三方登录',
  SECRET_REQUIRED: '请输入客户端密钥',
  ISSUER_REQUIRED: '请输入认证服务地址（issuer）',
  AGENT_REQUIRED: '请输入企业微信应用 AgentId',
} as const

const text = (label: string, max: number) => z.line().min(1, `请输入${label}`).max(max, InputMsg.TOO_LONG)
const optionalText = (max: number) => z.line().max(max, InputMsg.TOO_LONG).optional().nullable()
const optionalLink = z.link('endpoint').optional().nullable()

/** add and update of /base/openthirdconfig. clientSecret: required on add; on update empty or absent keeps the stored one. */
export const thirdConfigBody = z.object({
  id: z.id().optional(),
  thirdType: z.enum(THIRD_TYPES, '请选择第三方类型'),
  name: text('显示名称', 30),
  status: z.coerce.number().int().min(0).max(1).default(0),
  /** OIDC client_id; DingTalk Client ID (AppKey); WeCom CorpID. */
  clientId: text('客户端 ID', 200),
  /** OIDC client_secret; DingTalk Client Secret; WeCom the app's Secret. Sealed at rest, never returned. */
  clientSecret: z.string().max(500, InputMsg.TOO_LONG).optional().nullable(),
  /** oidc / smartEdu: the issuer (discovery at /.well-known/openid-configuration). */
  issuer: optionalLink,
  /** dingtalk / wecom: the API host (https://api.dingtalk.com, https://qyapi.weixin.qq.com by default). */
  apiBase: optionalLink,
  /** dingtalk / wecom: the sign-in page host (https://login.dingtalk.com, https://login.work.weixin.qq.com by default). */
  authBase: optionalLink,
  /** wecom: the app's AgentId. */
  agentId: optionalText(50),
  /** oidc / smartEdu: scopes besides openid (space separated). */
  scope: optionalText(200),
  /** smartEdu: the platform's logout address when its discovery has no end_session_endpoint. */
  logoutUrl: optionalLink,
  sort: z.coerce.number().int().min(0).max(9999).default(0),
})
export type ThirdConfigBody = z.infer<typeof thirdConfigBody>
/** update names the row it changes: an update never inserts. */
export const thirdConfigUpdateBody = thirdConfigBody.extend({ id: z.id() })

export const thirdConfigRow = z.object({
  id: z.number(),
  thirdType: z.enum(THIRD_TYPES),
  name: z.string(),
  status: z.number(),
  clientId: z.string(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  issuer: z.string().nullable(),
  apiBase: z.string().nullable(),
  authBase: z.string().nullable(),
  agentId: z.string().nullable(),
  scope: z.string().nullable(),
  logoutUrl: z.string().nullable(),
  sort: z.number(),
  updatedAt: z.string(),
})
export type ThirdConfigRow = z.infer<typeof thirdConfigRow>

export const thirdConfigPageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  thirdType: z.enum(THIRD_TYPES).optional().nullable(),
})
export const thirdConfigIdQuery = z.object({ id: z.id() })

/** refreshMenu: the provider's sign-in endpoints fetched again (OIDC discovery) and checked (DingTalk, WeCom token). */
export const thirdRefreshResult = z.object({
  ok: z.boolean(),
  message: z.string(),
  endpoints: z.record(z.string(), z.string()),
})
export type ThirdRefreshResult = z.infer<typeof thirdRefreshResult>

/** The login page's buttons: the enabled configs of its tenant. */
export const thirdButton = z.object({ thirdType: z.enum(THIRD_TYPES), name: z.string() })
export type ThirdButton = z.infer<typeof thirdButton>
export const thirdListQuery = z.object({ orgId: z.coerce.number().int().positive().optional() })

export const thirdUrlQuery = z.object({
  thirdType: z.enum(THIRD_TYPES, '请选择第三方类型'),
  orgId: z.coerce.number().int().positive().optional(),
  /** Where to land afterwards (an in-app path, as the login page's redirect). */
  redirect: z.link('path').optional().nullable(),
})
export const thirdUrlResult = z.object({ url: z.string(), state: z.string() })
export type ThirdUrlResult = z.infer<typeof thirdUrlResult>

const tokenField = (msg: string) =>
  z
    .string()
    .min(10, msg)
    .max(300, msg)
    .regex(/^[A-Za-z0-9._~+/=-]+$/, msg)

/** loginByThirdSSO: token is the provider's authorization code (DingTalk authCode, WeCom code), state the one of third/url. */
export const loginByThirdSsoBody = z.object({
  thirdType: z.enum(THIRD_TYPES, '请选择第三方类型'),
  token: z
    .string()
    .min(1, SsoMsg.STATE_INVALID)
    .max(2000, SsoMsg.STATE_INVALID)
    .regex(/^[\x21-\x7e]+$/, SsoMsg.STATE_INVALID),
  state: tokenField(SsoMsg.STATE_INVALID),
  /** OIDC's iss of the authorization response (RFC 9207), when the provider sent one. */
  iss: z.string().max(500).optional().nullable(),
})
export type LoginByThirdSsoBody = z.infer<typeof loginByThirdSsoBody>

/** third/bindLogin and third/loginByUserPwdNoOrg: the password login's payload plus the bind ticket. */
export const thirdBindBody = loginByUserPwdBody.extend({ bindTicket: tokenField(SsoMsg.BIND_TICKET_INVALID) })
export type ThirdBindBody = z.infer<typeof thirdBindBody>

/** Code login (000 §7.2): the reqId comes with an operationType 3 answer of a sign-in that has no password to resend. */
export const codeLoginBody = z.object({
  coreAccountId: z.id(),
  reqId: tokenField(SsoMsg.REQ_INVALID),
  tenantId: z.coerce.number().int().positive(),
  orgId: z.coerce.number().int().positive().optional().nullable(),
})
export type CodeLoginBody = z.infer<typeof codeLoginBody>

/**
 * What the third-party calls answer: the login result plus operationType 8 (bind first: bindTicket and the provider's
 * display name), reqId with operationType 3, and state 120 + token for a successful code login.
 */
export const thirdLoginResult = loginResult.extend({
  bindTicket: z.string().optional(),
  thirdName: z.string().optional(),
  thirdUser: z.string().optional(),
  reqId: z.string().optional(),
  state: z.number().optional(),
  token: z.string().optional(),
  /** Where the sign-in began (third/url's redirect). */
  redirect: z.string().nullable().optional(),
})
export type ThirdLoginResult = z.infer<typeof thirdLoginResult>

export const smartEduLogoutQuery = z.object({ redirectUrl: z.link('http').optional().nullable() })
export const smartEduLogoutResult = z.object({ logoutUrl: z.string().nullable() })

export const unbindByPwdBody = z.object({
  password: z.string().min(1, '请输入密码').max(128),
  thirdType: z.enum(THIRD_TYPES).default('smartEdu'),
})

/** The signed-in person's bindings (the bind page and the personal centre show them). */
export const thirdBinding = z.object({
  thirdType: z.enum(THIRD_TYPES),
  name: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.string(),
})
