import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * What waits for a person in an app (docs/open-platform.md "Messages and badges"): the app's server sets, per
 * membership, a count with its zx:notify token (PUT /open/v1/badges) and the portal's red dots show it on the app.
 * A count of 0 is no row. Gone with the app or the membership.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE app_badge (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    app_id bigint NOT NULL, user_info_id bigint NOT NULL,
    count int NOT NULL CHECK (count > 0 AND count <= 9999),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_info_id, app_id),
    FOREIGN KEY (tenant_id, app_id) REFERENCES app (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE)`)
  await protectTenantTable(db, 'app_badge')
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE IF EXISTS app_badge`).execute(db)
}
