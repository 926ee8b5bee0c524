import { type Kysely, sql } from 'kysely'

/**
 * Transfers (modules/transfers; docs/school-year.md "Transfers"): whether the open step's handlers were reminded that
 * its deadline nears, so the sweep reminds once per step.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE transfer_request ADD COLUMN out_reminded boolean NOT NULL DEFAULT false,
        ADD COLUMN bureau_reminded boolean NOT NULL DEFAULT false`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE transfer_request DROP COLUMN out_reminded, DROP COLUMN bureau_reminded').execute(db)
}
