import { type Kysely, sql } from 'kysely'

/**
 * The config centre (001 §2.4; docs/config-center.md "Startup"): platform-wide settings by key, maintained by the super
 * administrator on /base-set/system and read by the public GET /base/api/config/center. Not tenant-owned (one row
 * per key for the whole platform), so no tenant_id and no row-level security; only the platform scope writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE system_setting (
    key text PRIMARY KEY, value jsonb NOT NULL, updated_by bigint, updated_at timestamptz NOT NULL DEFAULT now())`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS system_setting`.execute(db)
}
