import { type Kysely, sql } from 'kysely'

/**
 * Import jobs claimed by one server process at a time (docs/deploy.md): several processes on one PostgreSQL share
 * the job table; a process claims a job (FOR UPDATE SKIP LOCKED), writes a heartbeat with every batch, and a job
 * whose runner stopped beating is taken over by another process, which resumes after the last committed batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_job ADD COLUMN runner_id text, ADD COLUMN heartbeat_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_job DROP COLUMN IF EXISTS runner_id, DROP COLUMN IF EXISTS heartbeat_at`.execute(db)
}
