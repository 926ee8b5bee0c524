import { type Kysely, sql } from 'kysely'

/**
 * Login attempts are counted before the password is hashed (docs/auth.md "Brute force"). Unknown user names get a
 * failure count of their own, keyed by the SHA-256 of the name, so they ask for the captcha and lock exactly like
 * an account; `last_attempt_at` on both lets a count that has been idle for long be forgotten alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE unknown_name_attempt (
    name_hash text PRIMARY KEY, failed_count int NOT NULL DEFAULT 0, locked_until timestamptz,
    last_attempt_at timestamptz NOT NULL)`,
    )
    .execute(db)
  await sql.raw('CREATE INDEX unknown_name_attempt_last ON unknown_name_attempt (last_attempt_at)').execute(db)
  await sql.raw('ALTER TABLE account ADD COLUMN last_attempt_at timestamptz').execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE account DROP COLUMN IF EXISTS last_attempt_at').execute(db)
  await sql.raw('DROP TABLE IF EXISTS unknown_name_attempt').execute(db)
}
