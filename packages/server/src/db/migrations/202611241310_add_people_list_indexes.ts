import { type Kysely, sql } from 'kysely'

/**
 * The people lists page through one school's members in a fixed order (docs/performance.md): students by class,
 * student number and id; teachers by sort and id; parents by id (user_info_list, read backwards). These indexes
 * hold each list's filter columns and order, so a page is read from the index in order instead of sorting the
 * whole school, and the page's ids come from the index alone (the rows are fetched for those ids only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX user_info_students ON user_info (tenant_id, org_id, user_type, archived, class_id, job_no, id)`.execute(
    db,
  )
  await sql`CREATE INDEX user_info_staff ON user_info (tenant_id, org_id, user_type, archived, sort, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS user_info_staff`.execute(db)
  await sql`DROP INDEX IF EXISTS user_info_students`.execute(db)
}
