import { type Kysely, sql } from 'kysely'

/**
 * The app a push leaves through (docs/messages.md "Teacher and parent terminals"): with the teacher and parent
 * terminals an account can have openids of several official accounts, and DingTalk pushes name their app, so a
 * push row carries its mp_app id (null on SMS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE message_push ADD COLUMN app_id bigint`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE message_push DROP COLUMN IF EXISTS app_id`.execute(db)
}
