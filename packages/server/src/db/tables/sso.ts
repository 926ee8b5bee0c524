import type { Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/** Third-party sign-in (migration 202611241500, modules/sso). */
export interface ThirdConfigTable extends Owned {
  id: Id
  third_type: string
  name: string
  status: Generated<number>
  client_id: string
  client_secret_sealed: string | null
  issuer: string | null
  api_base: string | null
  auth_base: string | null
  agent_id: string | null
  scope: string | null
  logout_url: string | null
  sort: Generated<number>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
export interface ThirdIdentityTable extends Owned {
  config_id: number
  subject: string
  account_id: number
  display_name: string | null
  created_at: Timestamp
  last_login_at: Date | null
}
export interface ThirdStateTable extends Owned {
  id: string
  config_id: number
  nonce: string
  verifier_sealed: string
  browser_hash: string
  redirect_uri: string
  after_login: string | null
  expires_at: Timestamp
  used_at: Date | null
}
export interface ThirdBindTicketTable extends Owned {
  id: string
  config_id: number
  subject: string
  display_name: string | null
  id_token_sealed: string | null
  expires_at: Timestamp
  used_at: Date | null
}
export interface CodeLoginReqTable extends Owned {
  id: string
  account_id: number
  method: string
  limit_user_type: number | null
  config_id: number | null
  id_token_sealed: string | null
  expires_at: Timestamp
  used_at: Date | null
}
interface ThirdSessionTable extends Owned {
  session_id: string
  config_id: number
  id_token_sealed: string | null
}

export interface SsoTables {
  third_config: ThirdConfigTable
  third_identity: ThirdIdentityTable
  third_state: ThirdStateTable
  third_bind_ticket: ThirdBindTicketTable
  code_login_req: CodeLoginReqTable
  third_session: ThirdSessionTable
}
