import { type Kysely, sql } from 'kysely'

/**
 * The bureau's people search (modules/people/search-*.ts) across a district of a million members:
 * - trigram indexes (pg_trgm) for its keyword, a substring of a name, phone, student/staff number or login name:
 *   `ILIKE '%…%'` can use no b-tree, and pg_trgm splits Chinese names into trigrams as well as digits (a keyword of
 *   three characters or more narrows the rows; shorter ones still answer, scanning as before);
 * - (tenant_id, org_id, id) with the user type beside it: the search lists a school's members by id, one school
 *   after another, so a page is read from one school's index range instead of sorting the district.
 * PGlite loads pg_trgm in its constructor (db/database.ts); PostgreSQL ships it in contrib (a trusted extension).
 *
 * Row-level security lets an index serve only leakproof operators (a filter that could leak a row must wait for the
 * tenant policy), and ILIKE's function is not marked so: under zx_app the trigram index went unused (830 ms instead of
 * 12 ms over 190,000 members). texticlike reveals nothing but its answer (its only errors are about the pattern,
 * which is the caller's keyword), so it is marked LEAKPROOF; that needs a superuser, and without one the migration
 * goes on and keyword search stays a scan of the tenant, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
  await sql`CREATE INDEX user_info_search_trgm ON user_info USING gin (true_name gin_trgm_ops, phone gin_trgm_ops, job_no gin_trgm_ops)`.execute(
    db,
  )
  await sql`CREATE INDEX account_user_name_trgm ON account USING gin (user_name gin_trgm_ops)`.execute(db)
  await sql`DO $$ BEGIN ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    EXCEPTION WHEN insufficient_privilege THEN RAISE NOTICE 'texticlike not marked leakproof: not a superuser'; END $$`.execute(
    db,
  )
  await sql`CREATE INDEX user_info_org_order ON user_info (tenant_id, org_id, id) INCLUDE (user_type)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DO $$ BEGIN ALTER FUNCTION texticlike(text, text) NOT LEAKPROOF;
    EXCEPTION WHEN insufficient_privilege THEN NULL; END $$`.execute(db)
  await sql`DROP INDEX IF EXISTS user_info_org_order`.execute(db)
  await sql`DROP INDEX IF EXISTS account_user_name_trgm`.execute(db)
  await sql`DROP INDEX IF EXISTS user_info_search_trgm`.execute(db)
}
