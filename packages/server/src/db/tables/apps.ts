import type { ColumnType, Generated } from 'kysely'
import type { UserType } from '@zhixiao/shared'
import type { Id, Owned, Timestamp } from './columns.js'

/** App registry (migration 202611230310, docs/apps.md). */
export interface AppTable extends Owned {
  id: Id
  org_id: number | null
  unique_id: string
  name: string
  icon_uri: string | null
  req_uri: string | null
  entry_url: string | null
  permission_name: string | null
  app_type: Generated<number>
  open_way: Generated<number>
  is_new_app: Generated<boolean>
  is_scrap: Generated<boolean>
  expire_date: ColumnType<string | null, string | null | undefined, string | null>
  has_show: Generated<boolean>
  grouping_type: number | null
  builtin: Generated<boolean>
  admin_only: Generated<boolean>
  scopes: Generated<string>
  sort: Generated<number>
  created_at: Generated<Date>
  /** jsonb list of user types (1002, 1003, 1004); null = not set (every type). Written as JSON text. */
  user_types: ColumnType<UserType[] | null, string | null | undefined, string | null>
}
export interface AppGroupTable extends Owned {
  id: Id
  org_id: number
  app_type: number
  name: string
  grouping_type: number | null
  sort: Generated<number>
  created_at: Generated<Date>
}
interface AppGroupScopeTable extends Owned {
  org_id: number
  app_type: number
}
export interface AppGroupLinkTable extends Owned {
  group_id: number
  app_id: number
  sort: Generated<number>
}
interface OftenUseTable extends Owned {
  user_info_id: number
  app_id: number
  created_at: Generated<Date>
}
export interface OnceTokenTable extends Owned {
  id: string
  account_id: number
  user_info_id: number
  org_id: number
  expires_at: Timestamp
  used_at: Timestamp | null
  /** Set when the token is a CAS service ticket: the app, the exact service URL and the portal session behind it. */
  app_id: number | null
  service: string | null
  session_id: string | null
  /** A CAS ticket's own value, kept once validated (spent) for single logout's SessionIndex. */
  ticket: string | null
}

export interface AppsTables {
  app: AppTable
  app_group: AppGroupTable
  app_group_scope: AppGroupScopeTable
  app_group_link: AppGroupLinkTable
  often_use: OftenUseTable
  once_token: OnceTokenTable
}
