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
  await resolveSession(db, true)
}

/**
 * The session lookup (migration 202611230120), with `expired`: a session of an expired account with no live
 * membership (a graduate after the alumni period) no longer resolves, so it ends with the account, as sign-in refuses
 * it (modules/auth/sign-in.ts accountExpired).
 */
async function resolveSession(db: Kysely<unknown>, expired: boolean): Promise<void> {
  const check = expired
    ? `AND NOT EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = p_tenant AND a.id = s.account_id
          AND a.expires_at <= p_now
          AND NOT EXISTS (SELECT 1 FROM user_info u WHERE u.tenant_id = p_tenant AND u.account_id = a.id
            AND u.status = 0 AND NOT u.archived))`
    : ''
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION zx_resolve_session(p_tenant bigint, p_id text, p_now timestamptz)
    RETURNS TABLE (account_id bigint, user_info_id bigint, org_id bigint, last_used_at timestamptz)
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('zx.tenant_id', p_tenant::text, true);
      PERFORM set_config('role', 'zx_app', true);
      RETURN QUERY SELECT s.account_id, s.user_info_id, s.org_id, s.last_used_at FROM session s
        WHERE s.tenant_id = p_tenant AND s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > p_now
        ${check};
    END $$`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await resolveSession(db, false)
  await run(`DROP TABLE IF EXISTS alumni_policy`)
  await run(`ALTER TABLE account DROP COLUMN IF EXISTS expires_at`)
}
