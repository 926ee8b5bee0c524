/** Constants and enums of spec 000 §4, §9 and 001 §9. */

/** Login result states (000 §4). */
export const OperationType = {
  FAILED: 0,
  NEED_CAPTCHA: 1,
  MUST_RESET_PASSWORD: 2,
  CHOOSE_ORG: 3,
  SUCCESS: 5,
  NEED_SMS: 6,
  /** Beyond the spec: the password was right, a TOTP code (or recovery code) must follow (docs/auth.md). */
  NEED_TOTP: 7,
  /** Beyond the spec: a third-party identity seen for the first time must be bound to an account (docs/auth.md). */
  NEED_BIND: 8,
} as const
export type OperationType = (typeof OperationType)[keyof typeof OperationType]

export const UserType = { STAFF: 1002, STUDENT: 1003, PARENT: 1004 } as const
export type UserType = (typeof UserType)[keyof typeof UserType]
export const USER_TYPE_LABEL: Record<UserType, string> = { 1002: '教职工', 1003: '学生', 1004: '家长' }

/** Tenant trade: 1 school, 2 medical, 3 universal (000 §4). */
export const Trade = { SCHOOL: 1, MEDICAL: 2, UNIVERSAL: 3 } as const
export type Trade = (typeof Trade)[keyof typeof Trade]

/** School app type: 1 primary/secondary (Z12), 2 higher education (Z3). */
export const SchoolAppType = { Z12: 1, Z3: 2 } as const

/** 0 school/open portal; 1 and 4 local (bureau) side, JD mode; 3 general. */
export const TenantModuleType = { SCHOOL: 0, LOCAL: 1, GENERAL: 3, LOCAL_SERVICE: 4 } as const
export type TenantModuleType = (typeof TenantModuleType)[keyof typeof TenantModuleType]
export const isJdMode = (t: number | null | undefined): boolean => t === 1 || t === 4

/** Below 8 bureau-like, 8 and above a school. */
export const UNIT_ATTR_SCHOOL_THRESHOLD = 8
export const isSchoolUnit = (unitAttr: number): boolean => unitAttr >= UNIT_ATTR_SCHOOL_THRESHOLD

export type BaseMode = 'Z12' | 'Z3' | 'Medical' | 'Universal'
export function baseMode(trade: number, appType: number | null | undefined): BaseMode {
  if (trade === Trade.MEDICAL) return 'Medical'
  if (trade === Trade.UNIVERSAL) return 'Universal'
  return appType === SchoolAppType.Z3 ? 'Z3' : 'Z12'
}

export const TOKEN_COOKIE = 'accessToken'
export const TOKEN_COOKIE_DAYS = 30
export const SESSION_TTL_MS = TOKEN_COOKIE_DAYS * 24 * 3600 * 1000
export const REQUEST_TIMEOUT_MS = 300_000
export const ERROR_MESSAGE_DELAY_MS = 600
export const IMPORT_POLL_MS = 2000
export const SIDEBAR_WIDTH = 208
export const AI_DRAWER_WIDTH = 800

/** Super administrator identity (000 §6). */
export const SUPER_ADMIN = { orgId: 0, userName: 'administrator', role: 'admin', tenantId: 0 } as const
export const ADMIN_ROLE = 'admin'

/**
 * Brute-force limits: captcha after 3 failures, lock after 5 for 15 minutes; 20 failures per IP per 15 min. The same
 * for a user name that exists and one that does not; a name's count is forgotten after 30 days without an attempt.
 */
export const LOGIN_LIMITS = {
  captchaAfterFailures: 3,
  lockAfterFailures: 5,
  lockMinutes: 15,
  ipWindowMinutes: 15,
  ipMaxFailures: 20,
  failuresKeptDays: 30,
} as const

/** The public config-centre call (001 §2.4, docs/config-center.md "Startup"): gateway, file, mqtt and AI addresses, the school org, the version … */
export const CONFIG_CENTER_API = '/base/api/config/center'

// Values the contracts build their paths and groups from (contracts import only this module at run time in the web
// build: web build/strip-contract-schemas.ts).
/** Uploaded images are served (to visitors too) under this path: /{tenantId}/{key}. */
export const CMS_IMAGE_PATH = '/base/api/cms2/open/image'
export const CAMPUS_API = '/sc-mobile-api/api/h5/faculty/campusPro'
export const ASSISTANT_API = '/base/ai'
/** The helper's maintenance calls (articles, model config, conversation log). */
export const ASSISTANT_ADMIN_API = '/base/api/assistant'
export const MP_SCOPES = ['service', 'waipin', 'teacher', 'parent'] as const
