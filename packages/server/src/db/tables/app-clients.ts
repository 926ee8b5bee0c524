import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/** How a registered app signs people in and what it may read (migration 202611270500, docs/open-platform.md). */
export interface AppClientTable extends Owned {
  app_id: number
  client_id: string
  protocol: 'token' | 'oidc' | 'cas'
  public_client: Generated<boolean>
  /** The client secret sealed with the deployment's secret key (secret-box); null for a public client. */
  secret_sealed: string | null
  secret_set_at: Timestamp | null
  redirect_uris: ColumnType<string[], string | undefined, string>
  post_logout_uris: ColumnType<string[], string | undefined, string>
  backchannel_logout_uri: string | null
  cas_services: ColumnType<string[], string | undefined, string>
  cas_user_attr: Generated<string>
  scopes: ColumnType<string[], string | undefined, string>
  subject_type: ColumnType<'pairwise' | 'public', 'pairwise' | 'public' | undefined, 'pairwise' | 'public'>
  client_credentials: Generated<boolean>
  rate_per_minute: Generated<number>
  suspended_at: Timestamp | null
  /** 'duty': a district school-duty app; 'consent': third-party, minors only with appRelease consent (202611281300). */
  children_data: Generated<'consent' | 'duty'>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** Every token, ticket, userinfo, directory read and webhook per app: who, which app, what scope, when. */
export interface AppAccessLogTable extends Owned {
  id: Id
  app_id: number | null
  client_id: string
  kind: string
  user_info_id: number | null
  scope: string | null
  detail: string | null
  ip: string | null
  at: Generated<Date>
}

/** How many things wait for a person in an app, set by the app (zx:notify); a count of 0 is no row (202611270700). */
interface AppBadgeTable extends Owned {
  app_id: number
  user_info_id: number
  count: number
  updated_at: Timestamp
}

export interface AppClientsTables {
  app_client: AppClientTable
  app_access_log: AppAccessLogTable
  app_badge: AppBadgeTable
}
