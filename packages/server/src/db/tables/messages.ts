import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

// Messages and service accounts (migration 202611241640_create_messages, modules/messages).
export interface MessageTemplateTable extends Owned {
  id: Id
  org_id: number
  name: string
  event: string
  push_type: string
  title: string
  content: string
  link: Generated<string>
  sms_template_code: string | null
  wx_template_id: string | null
  status: Generated<number>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
interface MessageTable extends Owned {
  id: Id
  account_id: number
  org_id: number
  event: string
  title: string
  content: string
  link: Generated<string>
  created_at: Date
  read_at: Date | null
}
export interface MessagePushTable extends Owned {
  id: Id
  message_id: number
  channel: string
  target: string
  template_ref: string | null
  params: ColumnType<Record<string, string>, string, string>
  text: string | null
  status: Generated<number>
  attempts: Generated<number>
  error: string | null
  created_at: Date
  sent_at: Date | null
  /** The mp_app a WeChat / DingTalk push leaves through (null on SMS and on pushes queued before the column). */
  app_id: ColumnType<number | null, number | null | undefined, number | null>
}
export interface MpAppTable extends Owned {
  id: Id
  org_id: number
  scope: string
  platform: string
  name: string
  app_id: string
  app_secret_sealed: string
  agent_id: string | null
  api_base: string | null
  template_map: ColumnType<Record<string, string>, string, string>
  status: Generated<number>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
interface MpOpenidTable extends Owned {
  app_id: number
  account_id: number
  openid: string
  created_at: Date
}

export interface MessagesTables {
  message_template: MessageTemplateTable
  message: MessageTable
  message_push: MessagePushTable
  mp_app: MpAppTable
  mp_openid: MpOpenidTable
}
