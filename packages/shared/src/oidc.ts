import * as z from './z.js'

/** The portal as the sign-in of its OpenID provider (docs/open-platform.md "Sign-in"). */
export const OidcMsg = {
  INTERACTION_GONE: '登录请求已过期，请回到应用重新登录',
  OTHER_TENANT: '当前登录的账号不属于该单位，请退出后用该单位的账号登录',
  USER_TYPE_REFUSED: '您的身份无权使用此应用，请联系学校管理员',
  APP_UNAVAILABLE: '应用未开通或已停用',
} as const

export const interactionParams = z.object({
  tenantId: z.coerce.number().int().positive(),
  uid: z.string().regex(/^[\w-]{1,64}$/),
})

export const interactionDetails = z.object({
  prompt: z.string(),
  appName: z.string(),
  /** The district the request is for: the login page signs in with its ways in (SSO buttons, QR, SMS) and its name. */
  tenant: z.object({ id: z.number(), name: z.string() }),
  /** What the app will receive, one line per scope (HUB_SCOPE_INFO's label and note). */
  releases: z.array(z.object({ scope: z.string(), label: z.string(), note: z.string() })),
})
export type InteractionDetails = z.infer<typeof interactionDetails>

export const interactionAnswer = z.object({ redirectTo: z.string() })
