import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The autumn statistics (issue 27 point 6; docs/school-year.md "The autumn statistics"): each snapshot the bureau
 * takes keeps its figures whole in jsonb, so later changes to schools, classes or people do not alter it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE school_stats_snapshot (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    school_year text NOT NULL,
    taken_at timestamptz NOT NULL,
    taken_by bigint NOT NULL,
    taker_name text NOT NULL,
    data jsonb NOT NULL,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'school_stats_snapshot')
  await run(`CREATE INDEX school_stats_snapshot_year ON school_stats_snapshot (tenant_id, school_year, taken_at DESC)`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE IF EXISTS school_stats_snapshot`).execute(db)
}
