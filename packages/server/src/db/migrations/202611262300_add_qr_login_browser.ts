import { type Kysely, sql } from 'kysely'

/**
 * QR-code login (docs/auth.md "QR-code login"): the SHA-256 of the browser secret the creating page holds in an
 * HttpOnly cookie, so only that browser's poll receives the session; the id alone (it is in the picture) gets nothing.
 * Rows made before have none and can no longer be polled; they expire within two minutes anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE qr_login ADD COLUMN browser_hash text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE qr_login DROP COLUMN IF EXISTS browser_hash`.execute(db)
}
