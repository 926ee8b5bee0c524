import { type Kysely, sql } from 'kysely'

/**
 * Row-level security that indexes can serve (docs/performance.md). Every tenant table had one policy
 * `bypass = 'on' OR tenant_id = <setting>`: an OR that PostgreSQL cannot turn into an index condition, so every
 * query under RLS scanned the whole table (a 100,000-student school sorted all its rows for each page).
 * Now the two cases are two roles: zx_app sees exactly `tenant_id = <setting>` (an index condition on every key,
 * as they all lead with tenant_id), and the platform scope runs as its own role zx_platform with a policy that
 * lets it see every row. zx.bypass no longer opens anything.
 *
 * A later tenant table needs the same two policies:
 *   CREATE POLICY tenant_isolation ON t TO zx_app USING (tenant_id = NULLIF(current_setting('zx.tenant_id', true), '')::bigint) WITH CHECK (…same…)
 *   CREATE POLICY platform_scope ON t TO zx_platform USING (true) WITH CHECK (true)
 */
const CURRENT = `NULLIF(current_setting('zx.tenant_id', true), '')::bigint`

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'zx_platform') THEN CREATE ROLE zx_platform NOLOGIN; END IF;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`)
  await run(`GRANT USAGE ON SCHEMA public TO zx_platform`)
  await run(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO zx_platform`)
  await run(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO zx_platform`)
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO zx_platform`)
  await run(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO zx_platform`)
  await run(
    `DO $$ BEGIN EXECUTE format('GRANT zx_platform TO %I', current_user); EXCEPTION WHEN OTHERS THEN NULL; END $$`,
  )

  const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_policies
    WHERE schemaname = current_schema() AND policyname = 'tenant_isolation' ORDER BY tablename`.execute(db)
  for (const { tablename } of rows) {
    const t = `"${tablename}"`
    const own = tablename === 'tenant' ? `id = ${CURRENT}` : `tenant_id = ${CURRENT}`
    await run(`DROP POLICY tenant_isolation ON ${t}`)
    await run(`CREATE POLICY tenant_isolation ON ${t} TO zx_app USING (${own}) WITH CHECK (${own})`)
    await run(`CREATE POLICY platform_scope ON ${t} TO zx_platform USING (true) WITH CHECK (true)`)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_policies
    WHERE schemaname = current_schema() AND policyname = 'platform_scope' ORDER BY tablename`.execute(db)
  for (const { tablename } of rows) {
    const t = `"${tablename}"`
    const col = tablename === 'tenant' ? 'id' : 'tenant_id'
    const visible = `current_setting('zx.bypass', true) = 'on' OR ${col} = ${CURRENT}`
    await run(`DROP POLICY platform_scope ON ${t}`)
    await run(`DROP POLICY tenant_isolation ON ${t}`)
    await run(`CREATE POLICY tenant_isolation ON ${t} USING (${visible}) WITH CHECK (${visible})`)
  }
}
