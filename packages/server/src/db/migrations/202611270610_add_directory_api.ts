import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The directory API for apps (issue 24; docs/open-platform.md "Directory API"): the one cross-tenant lookup of an app's
 * access token (the path names no tenant), the per-app rate windows, and the indexes a page of 1,000 people and a
 * delta read need at 100k people.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  // A client-credentials token's value is its oidc_model id (oidc-provider's opaque format): found without a tenant.
  await run(`CREATE INDEX oidc_model_app_token ON oidc_model (id) WHERE model = 'ClientCredentials'`)
  // One row per app and minute, incremented by one INSERT … ON CONFLICT, so several processes count together.
  await run(`CREATE TABLE directory_rate (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    client_id text NOT NULL, window_start timestamptz NOT NULL, hits int NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, client_id, window_start))`)
  await protectTenantTable(db, 'directory_rate')
  // Keyset pages of the tenant's live people of one type, without a school (user_info_list covers one school).
  await run(`CREATE INDEX user_info_directory ON user_info (tenant_id, user_type, archived, id)`)
  // Deltas: the changes of one entity since a time.
  await run(`CREATE INDEX directory_change_entity ON directory_change (tenant_id, entity, at, entity_id)`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP INDEX IF EXISTS directory_change_entity`)
  await run(`DROP INDEX IF EXISTS user_info_directory`)
  await run(`DROP TABLE IF EXISTS directory_rate`)
  await run(`DROP INDEX IF EXISTS oidc_model_app_token`)
}
