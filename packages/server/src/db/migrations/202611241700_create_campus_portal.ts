import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * Campus portal (issue 14, docs/campus.md "Campus portal"): the tenant's weather provider (its key sealed by
 * platform/secret-box.ts, never returned) and the teachers of a class (the head teacher and the subject teachers),
 * which the campus portal's "my classes" reads.
 */
const TENANT_ID = `tenant_id bigint NOT NULL DEFAULT current_setting('zx.tenant_id')::bigint REFERENCES tenant(id) ON DELETE CASCADE`
const TABLES = ['weather_config', 'class_teacher']

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE weather_config (
    ${TENANT_ID}, provider text NOT NULL DEFAULT 'off', api_host text, api_key_sealed text,
    updated_by bigint, updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id))`)
  await run(`CREATE TABLE class_teacher (
    ${TENANT_ID}, class_id bigint NOT NULL, user_info_id bigint NOT NULL, is_head boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, class_id, user_info_id),
    FOREIGN KEY (tenant_id, class_id) REFERENCES school_class (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE)`)
  // "My classes" reads by teacher; one head teacher per class.
  await run(`CREATE INDEX class_teacher_user ON class_teacher (tenant_id, user_info_id)`)
  await run(`CREATE UNIQUE INDEX class_teacher_one_head ON class_teacher (tenant_id, class_id) WHERE is_head`)
  for (const t of TABLES) {
    await protectTenantTable(db, t)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [...TABLES].reverse()) await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db)
}
