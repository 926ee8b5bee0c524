import { type Kysely, sql } from 'kysely'

/**
 * Transfers (docs/school-year.md "Transfers"): why an approved move could not take effect on its day (a 学号 taken at
 * the receiving school meanwhile, the student no longer at the sending school). The sweep keeps retrying; the three
 * parties see the reason on the request instead of a move that silently never happens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('ALTER TABLE transfer_request ADD COLUMN effect_error text, ADD COLUMN effect_failed_at timestamptz')
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE transfer_request DROP COLUMN effect_error, DROP COLUMN effect_failed_at').execute(db)
}
