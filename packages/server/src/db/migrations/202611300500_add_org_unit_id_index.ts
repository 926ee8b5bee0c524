import { type Kysely, sql } from 'kysely'

/**
 * A plain index on org_unit (id). Every key of a tenant table starts with tenant_id (issue 28.5, docs/scale.md
 * "Distribution keys", test/distribution-keys.test.ts), so a lookup by id alone cannot use the primary key's index.
 * Under row-level security the tenant is always fixed, but the signed-out pages name their tenant by ?orgId= alone
 * on the platform scope (tenant/service.ts tenantIdOfOrg, portal-config tenantOfOrg, organization orgPublicInfo,
 * login-security qr): without this index those scan every organisation of the platform. Not unique: a unique key
 * without tenant_id could not be enforced by a database distributed by tenant; the sequence keeps ids distinct.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS org_unit_id ON org_unit (id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS org_unit_id`.execute(db)
}
