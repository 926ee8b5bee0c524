import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/**
 * Sign-in: captchas and throttles, the login log, QR-code login, TOTP and reset tickets (modules/auth, modules/login-security).
 */

/** Pre-authentication state (not tenant-owned). */
export interface CaptchaTable {
  id: string
  answer_hash: string
  expires_at: Timestamp
  used: Generated<boolean>
}
interface IpThrottleTable {
  ip: string
  window_started_at: Timestamp
  failures: number
}
interface UnknownNameAttemptTable {
  name_hash: string
  failed_count: Generated<number>
  locked_until: Date | null
  last_attempt_at: Timestamp
}

interface LoginLogTable extends Owned {
  id: Id
  account_id: number | null
  user_name: string
  ip: string | null
  success: boolean
  reason: string
  created_at: Timestamp
  /** LoginMethod of packages/shared (migration 202611241530). */
  method: Generated<string>
  user_agent: ColumnType<string | null, string | null | undefined, string | null>
  /** ysNetType of the sign-in request (migration 202611250400): 1 intranet, 0 internet, null not sent. */
  net_type: ColumnType<number | null, number | null | undefined, number | null>
}

/** QR-code login ids (migration 202611241535): pre-authentication state, reached only by the id's hash. */
export interface QrLoginTable {
  id: string
  tenant_id: number | null
  org_id: number | null
  state: Generated<string>
  created_at: Timestamp
  expires_at: Timestamp
  request_ip: string | null
  request_agent: string | null
  confirmed_tenant_id: number | null
  confirmed_account_id: number | null
  confirmed_user_info_id: number | null
  confirmed_org_id: number | null
  confirmed_at: Date | null
  used_at: Date | null
  /** SHA-256 of the creating browser's secret (HttpOnly cookie zx_qr); only its polls see the state and the session. */
  browser_hash: string | null
}

interface AccountTotpTable extends Owned {
  account_id: number
  /** ctx.secrets.seal of the base32 secret. */
  secret_sealed: string
  /** null while enrolling (before the first code). */
  enabled_at: Date | null
  /** The last 30 s step a code was accepted for: a code of that step or earlier is a replay. */
  last_step: Generated<number>
  failed_count: Generated<number>
  locked_until: Date | null
  created_at: Timestamp
}

export interface AccountRecoveryCodeTable extends Owned {
  account_id: number
  code_hash: string
  used_at: Date | null
}

export interface TotpTicketTable extends Owned {
  id: string
  account_id: number
  org_id: number | null
  auto_pick_org: boolean
  limit_user_type: number | null
  method: string
  enrol: boolean
  tries: Generated<number>
  expires_at: Timestamp
  used_at: Date | null
}

export interface ResetTicketTable extends Owned {
  id: string
  account_id: number
  reason: string
  expires_at: Timestamp
  used_at: Date | null
}

export interface AuthTables {
  captcha: CaptchaTable
  ip_throttle: IpThrottleTable
  unknown_name_attempt: UnknownNameAttemptTable
  login_log: LoginLogTable
  qr_login: QrLoginTable
  account_totp: AccountTotpTable
  account_recovery_code: AccountRecoveryCodeTable
  totp_ticket: TotpTicketTable
  reset_ticket: ResetTicketTable
}
