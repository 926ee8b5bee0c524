import type { Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/** SMS (migration 202611241400, modules/sms). */
export interface SmsConfigTable extends Owned {
  sms_type: string
  access_key_id: string | null
  access_key_secret: string | null
  sign_name: string | null
  endpoint: string | null
  password_login_sms_step: Generated<boolean>
  updated_at: Timestamp
}
export interface SmsTemplateTable extends Owned {
  id: Id
  event: string
  name: string
  template_code: string | null
  content: string
  status: Generated<number>
  created_at: Generated<Date>
}
export interface SmsLogTable extends Owned {
  id: Id
  phone: string
  account_id: number | null
  event: string
  provider: string
  status: string
  content_masked: string
  content_sealed: string | null
  error: string | null
  ip: string | null
  created_at: Timestamp
}
export interface SmsCodeTable extends Owned {
  id: Id
  phone: string
  event: string
  code_hash: string
  salt: string
  tries: Generated<number>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: Date | null
}
interface SmsPhoneQuotaTable extends Owned {
  phone: string
  day: string
  sent: number
  last_sent_at: Timestamp
}
export interface SmsStepTicketTable extends Owned {
  id: string
  account_id: number
  org_id: number | null
  expires_at: Timestamp
  used_at: Date | null
}
interface SmsIpWindowTable {
  ip: string
  window_started_at: Timestamp
  sent: number
}

export interface SmsTables {
  sms_config: SmsConfigTable
  sms_template: SmsTemplateTable
  sms_log: SmsLogTable
  sms_code: SmsCodeTable
  sms_phone_quota: SmsPhoneQuotaTable
  sms_step_ticket: SmsStepTicketTable
  sms_ip_window: SmsIpWindowTable
}
