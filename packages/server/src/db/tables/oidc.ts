import type { ColumnType } from 'kysely'
import type { Owned, Timestamp } from './columns.js'

/** oidc-provider's stored models, one generic table (migration 202611270500, docs/open-platform.md). */
interface OidcModelTable extends Owned {
  model: string
  id: string
  payload: ColumnType<Record<string, unknown>, string, string>
  grant_id: string | null
  uid: string | null
  account_id: string | null
  client_id: string | null
  expires_at: Timestamp | null
  consumed_at: Timestamp | null
}

/** A tenant's signing keys; the private JWK sealed with the secret key. */
interface OidcKeyTable extends Owned {
  kid: string
  jwk_sealed: string
  created_at: ColumnType<Date, Date | undefined, Date>
  retired_at: Timestamp | null
}

export interface OidcTables {
  oidc_model: OidcModelTable
  oidc_key: OidcKeyTable
}
