import { type Kysely, sql } from 'kysely'

/**
 * CAS single logout (docs/open-platform.md "CAS"): the SAML LogoutRequest names the service ticket in its
 * SessionIndex, so a ticket validated successfully keeps its own value (worthless once spent: single use) until the
 * portal session behind it signs out. Looked up by that session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE once_token ADD COLUMN ticket text`.execute(db)
  await sql`CREATE INDEX once_token_cas_session ON once_token (tenant_id, session_id) WHERE ticket IS NOT NULL`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS once_token_cas_session`.execute(db)
  await sql`ALTER TABLE once_token DROP COLUMN IF EXISTS ticket`.execute(db)
}
