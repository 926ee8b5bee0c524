import { type Kysely, sql } from 'kysely'

/**
 * An index on enrolment.previous_id: deleting enrolment rows (a roll-over's undo deletes a school's new year) checks
 * that no row still names them as its previous one, which without it scans the whole district's history per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX enrolment_previous ON enrolment (tenant_id, previous_id) WHERE previous_id IS NOT NULL`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS enrolment_previous`.execute(db)
}
