import { type Kysely, sql } from 'kysely'

/**
 * Login log (docs/auth.md "Login log"): every sign-in path writes its method and the client's user agent beside the
 * address and reason it already had; the admin screen filters by time, then account, success and method, so the
 * index leads with the tenant and the time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`ALTER TABLE login_log ADD COLUMN method text NOT NULL DEFAULT 'password'`)
  await run(`ALTER TABLE login_log ADD COLUMN user_agent text`)
  await run(`CREATE INDEX login_log_page ON login_log (tenant_id, created_at DESC, id DESC)`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP INDEX IF EXISTS login_log_page`)
  await run(`ALTER TABLE login_log DROP COLUMN IF EXISTS user_agent`)
  await run(`ALTER TABLE login_log DROP COLUMN IF EXISTS method`)
}
