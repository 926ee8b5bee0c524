import * as z from './z.js'

/**
 * The district's CAS 2.0/3.0 server (issue 24; docs/open-platform.md "CAS"): an app registered with protocol 'cas'
 * sends people to /t/<tenant>/cas/login?service=…, the portal's page /redirect/casLogin asks for a service ticket with
 * the portal session, and the app validates it at /t/<tenant>/cas/p3/serviceValidate.
 */
export const CasMsg = {
  SERVICE_REQUIRED: '缺少 service 参数，请从应用发起登录',
  SERVICE_UNKNOWN: '该应用地址未在本单位登记为 CAS 服务，或应用已停用',
  OTHER_TENANT: '当前登录的账号不属于该单位，请退出后用该单位的账号登录',
  USER_TYPE_REFUSED: '您的身份无权使用此应用，请联系学校管理员',
  NOT_CAS: '该应用未配置 CAS 接入',
  NO_SERVICE: '该应用未登记 CAS 服务地址',
  APP_UNAVAILABLE: '应用未开通或已停用',
  LOGGED_OUT: '已退出',
  REDIRECTING: '正在登录应用…',
  CHILD_NO_CONSENT: '此应用以学号等识别用户，监护人尚未同意向其提供孩子的信息',
} as const

/** How long a service ticket lives before its first validation (the CAS spec recommends no more than five minutes). */
export const CAS_TICKET_TTL_MS = 2 * 60 * 1000

/** The service address exactly as registered (compared character by character, never by prefix). */
const service = z.string().min(1, CasMsg.SERVICE_REQUIRED).max(2000)

export const casTenantParams = z.object({ tenantId: z.coerce.number().int().positive() })
export const casTicketBody = z.object({ service })
export const casTicketAnswer = z.object({ redirectTo: z.string() })
export const casServiceQuery = z.object({ service: z.string().max(2000).default('') })
/** The service to send the browser back to: only a registered CAS service of the tenant, else null (show 已退出). */
export const casServiceAnswer = z.object({ service: z.string().nullable() })
export const casLaunchBody = z.object({ appId: z.id() })
export const casLaunchAnswer = z.object({ url: z.string() })
