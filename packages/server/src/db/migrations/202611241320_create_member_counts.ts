import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * Member counts per school, kind, archive state, class and status (docs/performance.md). A people list shows its
 * total on every page; counting a 100,000-student school on each request cost more than the page itself. The
 * counts are kept by statement-level triggers on user_info (one grouped upsert per statement, so an import batch
 * of 500 rows adds one write per class, not 500), inside the writing transaction, so they are as exact and as
 * isolated as the rows themselves. Lists with a keyword or a filter the counts do not hold still count rows.
 */
const KEYS = 'tenant_id, org_id, user_type, archived, class_id, status'
const GROUPED = (from: string) =>
  `SELECT tenant_id, org_id, user_type, archived, coalesce(class_id, 0) AS class_id, status, count(*) AS n FROM ${from} GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE member_count (
    tenant_id bigint NOT NULL REFERENCES tenant(id) ON DELETE CASCADE, org_id bigint NOT NULL, user_type smallint NOT NULL, archived boolean NOT NULL,
    class_id bigint NOT NULL, status smallint NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (${KEYS}))`)
  await protectTenantTable(db, 'member_count')

  const add = (from: string) => `INSERT INTO member_count AS m (${KEYS}, n) ${GROUPED(from)}
      ON CONFLICT (${KEYS}) DO UPDATE SET n = m.n + excluded.n;`
  const remove = (from: string) => `UPDATE member_count m SET n = m.n - d.n FROM (${GROUPED(from)}) d
      WHERE (m.tenant_id, m.org_id, m.user_type, m.archived, m.class_id, m.status) = (d.tenant_id, d.org_id, d.user_type, d.archived, d.class_id, d.status);`
  await run(
    `CREATE FUNCTION member_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${add('new_rows')} RETURN NULL; END $$`,
  )
  await run(
    `CREATE FUNCTION member_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${remove('old_rows')} RETURN NULL; END $$`,
  )
  await run(
    `CREATE FUNCTION member_count_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${remove('old_rows')} ${add('new_rows')} RETURN NULL; END $$`,
  )
  await run(
    `CREATE TRIGGER member_count_insert AFTER INSERT ON user_info REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_count_insert()`,
  )
  await run(
    `CREATE TRIGGER member_count_delete AFTER DELETE ON user_info REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_count_delete()`,
  )
  await run(
    `CREATE TRIGGER member_count_update AFTER UPDATE ON user_info REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_count_update()`,
  )

  // The rows there are already, read in the platform scope (user_info forces row-level security on its owner too).
  await run(`SET ROLE zx_platform`)
  await run(`INSERT INTO member_count (${KEYS}, n) ${GROUPED('user_info')}`)
  await run(`RESET ROLE`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  for (const t of ['insert', 'delete', 'update']) {
    await run(`DROP TRIGGER IF EXISTS member_count_${t} ON user_info`)
    await run(`DROP FUNCTION IF EXISTS member_count_${t}()`)
  }
  await run(`DROP TABLE IF EXISTS member_count`)
}
