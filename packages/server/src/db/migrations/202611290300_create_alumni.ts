import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * Graduation and alumni (issue 27 point 3; docs/school-year.md "Graduation and alumni"): an account may expire (a
 * graduate keeps signing in for the tenant's alumni account period, then is refused), and the tenant's alumni policy
 * holds that period (no row: 180 days; 0 = the account expires at graduation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`ALTER TABLE account ADD COLUMN expires_at timestamptz`)
  await run(`CREATE TABLE alumni_policy (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE PRIMARY KEY,
    account_days int NOT NULL CHECK (account_days BETWEEN 0 AND 3650),
    updated_by bigint,
    updated_at timestamptz NOT NULL DEFAULT now())`)
  await protectTenantTable(db, 'alumni_policy')
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS alumni_policy`)
  await run(`ALTER TABLE account DROP COLUMN IF EXISTS expires_at`)
}
