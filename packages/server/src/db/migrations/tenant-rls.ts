/**
 * Row-level security of a tenant table: the one place that writes it (docs/architecture.md "Tables and RLS"); every
 * migration that creates a tenant table calls protectTenantTable. Not a migration itself: migrate.ts lists those.
 */
import { sql, type Kysely } from 'kysely'

/** The tenant of the transaction: Db.tenant sets zx.tenant_id for its transaction (db/database.ts). */
export const CURRENT_TENANT = `NULLIF(current_setting('zx.tenant_id', true), '')::bigint`

export interface TenantRls {
  /** The column that names the row's tenant: tenant_id, or id for the tenant table itself. */
  column?: string
  /**
   * 'split' (every migration since 202611241300_split_tenant_policies): tenant_isolation for zx_app on the tenant
   * column, platform_scope for zx_platform. 'bypass': the single policy with the zx.bypass switch that migrations
   * before it created (that migration replaced them all), kept so those migrations still create what they did.
   */
  policy?: 'split' | 'bypass'
}

/** ENABLE and FORCE row-level security on `table` and create its policies. */
export async function protectTenantTable(db: Kysely<unknown>, table: string, o: TenantRls = {}): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const own = `${o.column ?? 'tenant_id'} = ${CURRENT_TENANT}`
  await run(`ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`)
  await run(`ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`)
  if (o.policy === 'bypass') {
    const visible = `current_setting('zx.bypass', true) = 'on' OR ${own}`
    await run(`CREATE POLICY tenant_isolation ON ${table} USING (${visible}) WITH CHECK (${visible})`)
    return
  }
  await run(`CREATE POLICY tenant_isolation ON ${table} TO zx_app USING (${own}) WITH CHECK (${own})`)
  await run(`CREATE POLICY platform_scope ON ${table} TO zx_platform USING (true) WITH CHECK (true)`)
}
