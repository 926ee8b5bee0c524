import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * QR-code login and TOTP two-factor sign-in (docs/auth.md).
 *
 * qr_login is pre-authentication state like captcha: the signed-out login page asks for an id before anyone knows
 * which tenant will confirm it, so it is a platform table reached only by its id's hash. tenant_id / org_id, when
 * set, bind the id to the login page's unit; confirmed_* name the membership the phone confirmed with, and the
 * waiting page's first poll after that issues the session (nothing secret is stored).
 *
 * The TOTP tables are tenant-owned: keys lead with tenant_id, row-level security forced, with the two policies of
 * migration 202611241300.
 */
const CURRENT = `NULLIF(current_setting('zx.tenant_id', true), '')::bigint`
const TENANT_ID = `tenant_id bigint NOT NULL DEFAULT ${CURRENT}`

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)

  await run(`CREATE TABLE qr_login (
    id text PRIMARY KEY, tenant_id bigint REFERENCES tenant(id) ON DELETE CASCADE, org_id bigint,
    state text NOT NULL DEFAULT 'waiting', created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
    request_ip text, request_agent text,
    confirmed_tenant_id bigint, confirmed_account_id bigint, confirmed_user_info_id bigint, confirmed_org_id bigint,
    confirmed_at timestamptz, used_at timestamptz)`)
  await run(`CREATE INDEX qr_login_expiry ON qr_login (expires_at)`)

  await run(`CREATE TABLE account_totp (
    ${TENANT_ID} REFERENCES tenant(id), account_id bigint NOT NULL,
    secret_sealed text NOT NULL, enabled_at timestamptz, last_step bigint NOT NULL DEFAULT 0,
    failed_count int NOT NULL DEFAULT 0, locked_until timestamptz, created_at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, account_id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES account (tenant_id, id) ON DELETE CASCADE)`)
  await run(`CREATE TABLE account_recovery_code (
    ${TENANT_ID} REFERENCES tenant(id), account_id bigint NOT NULL, code_hash text NOT NULL, used_at timestamptz,
    PRIMARY KEY (tenant_id, account_id, code_hash),
    FOREIGN KEY (tenant_id, account_id) REFERENCES account (tenant_id, id) ON DELETE CASCADE)`)
  await run(`CREATE TABLE totp_ticket (
    ${TENANT_ID} REFERENCES tenant(id), id text NOT NULL, account_id bigint NOT NULL,
    org_id bigint, auto_pick_org boolean NOT NULL, limit_user_type int, method text NOT NULL,
    enrol boolean NOT NULL, tries int NOT NULL DEFAULT 0, expires_at timestamptz NOT NULL, used_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, account_id) REFERENCES account (tenant_id, id) ON DELETE CASCADE)`)

  for (const t of ['account_totp', 'account_recovery_code', 'totp_ticket']) {
    await protectTenantTable(db, t)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['totp_ticket', 'account_recovery_code', 'account_totp', 'qr_login']) {
    await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db)
  }
}
