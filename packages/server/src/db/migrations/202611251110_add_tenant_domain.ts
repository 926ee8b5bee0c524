import { type Kysely, sql } from 'kysely'

/** Tenant by domain (000 §7.5; docs/auth.md "Tenant by domain"): the host name a tenant's portal answers on, unique. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenant ADD COLUMN domain text`.execute(db)
  await sql`CREATE UNIQUE INDEX tenant_domain ON tenant (domain) WHERE domain IS NOT NULL`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS tenant_domain`.execute(db)
  await sql`ALTER TABLE tenant DROP COLUMN IF EXISTS domain`.execute(db)
}
