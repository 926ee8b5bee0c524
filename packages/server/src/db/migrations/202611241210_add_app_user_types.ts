import { type Kysely, sql } from 'kysely'

/**
 * Who may use an app (docs/apps.md): a list of user types (1002 staff, 1003 student, 1004 parent). Null
 * until set: the built-in apps get their defaults from the shared list at the next sync (which fills only a null),
 * and a registered app left null is open to every user type, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app ADD COLUMN user_types jsonb`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE app DROP COLUMN IF EXISTS user_types`.execute(db)
}
