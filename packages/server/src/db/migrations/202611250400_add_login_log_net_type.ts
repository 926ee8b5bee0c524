import { type Kysely, sql } from 'kysely'

/** Login log 网络 column (docs/auth.md "Network type"): the ysNetType header of each sign-in, 1 intranet, 0 internet. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_log ADD COLUMN net_type smallint`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE login_log DROP COLUMN IF EXISTS net_type`.execute(db)
}
