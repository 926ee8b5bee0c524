import { type Kysely, sql } from 'kysely'

/**
 * The change feed's triggers (202611270500_create_identity_hub) read each row's key and org through to_jsonb(r),
 * twice per row, because one generic function served every watched table. An import of 8,000 students spent a third
 * of its user_info INSERT there (EXPLAIN ANALYZE: 325 of 894 ms; docs/performance.md "Import, second pass", round
 * three). Each watched table now has its own pair of functions naming its columns directly; the rows written to
 * directory_change are the same (entity, key, action, org: NULL for a table without org_id).
 */
const WATCHED: [table: string, entity: string, key: string][] = [
  ['user_info', 'person', 'id'],
  ['school_class', 'class', 'id'],
  ['grade', 'grade', 'id'],
  ['org_unit', 'org', 'id'],
  ['parent_child', 'guardian', 'child_id'],
  ['class_teacher', 'class_teacher', 'class_id'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  for (const [table, entity, key] of WATCHED) {
    const hasOrg = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = 'org_id'`.execute(db)
    const org = hasOrg.rows[0]!.n > 0 ? 'r.org_id' : 'NULL::bigint'
    for (const [suffix, rows] of [
      ['new', 'new_rows'],
      ['old', 'old_rows'],
    ] as const) {
      await run(`CREATE FUNCTION zx_directory_change_${table}_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO directory_change (tenant_id, entity, entity_id, action, org_id)
          SELECT r.tenant_id, '${entity}', r.${key}, lower(TG_OP), ${org} FROM ${rows} r;
          RETURN NULL;
        END $$`)
    }
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${table}_new()`)
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_upd AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${table}_new()`)
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_${table}_old()`)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  for (const [table, entity, key] of WATCHED) {
    const args = `('${entity}', '${key}')`
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_new${args}`)
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_upd AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_new${args}`)
    await run(`CREATE OR REPLACE TRIGGER ${table}_change_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION zx_directory_change_old${args}`)
    for (const suffix of ['new', 'old']) await run(`DROP FUNCTION zx_directory_change_${table}_${suffix}()`)
  }
}
