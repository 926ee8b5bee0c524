import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * Retention and requests (issue 26 point 6; docs/privacy.md "Retention and requests"): the tenant's retention periods
 * (no row: the defaults of shared RETENTION_DEFAULTS), the scrub journal (whose data, which domains, when — never a
 * value), legal holds that stop the scrub, and guardians' deletion and correction requests with their deadline.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const tenant = `tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE`
  const days = (d: string) => `${d}_days int NOT NULL CHECK (${d}_days BETWEEN 0 AND 3650)`
  await run(`CREATE TABLE pi_retention_policy (
    ${tenant} PRIMARY KEY,
    ${days('contact')}, ${days('family')}, ${days('media')}, ${days('health')}, ${days('consent')},
    updated_by bigint,
    updated_at timestamptz NOT NULL DEFAULT now())`)
  await protectTenantTable(db, 'pi_retention_policy')
  await run(`CREATE TABLE pi_scrub_journal (
    ${tenant},
    id bigserial,
    user_info_id bigint NOT NULL,
    org_id bigint NOT NULL,
    subject_name text NOT NULL,
    domains text[] NOT NULL,
    cause text NOT NULL CHECK (cause IN ('schedule', 'manual', 'request')),
    request_id bigint,
    actor_user_info_id bigint,
    at timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'pi_scrub_journal')
  await run(`CREATE INDEX pi_scrub_journal_member ON pi_scrub_journal (tenant_id, user_info_id, at)`)
  await run(`CREATE INDEX pi_scrub_journal_at ON pi_scrub_journal (tenant_id, at DESC)`)
  await run(`CREATE TABLE pi_legal_hold (
    ${tenant},
    id bigserial,
    user_info_id bigint NOT NULL,
    reason text NOT NULL,
    placed_by bigint NOT NULL,
    placed_at timestamptz NOT NULL,
    released_by bigint,
    released_at timestamptz,
    release_reason text,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'pi_legal_hold')
  // One live hold per person; released ones stay as history.
  await run(
    `CREATE UNIQUE INDEX pi_legal_hold_live ON pi_legal_hold (tenant_id, user_info_id) WHERE released_at IS NULL`,
  )
  await run(`CREATE TABLE pi_request (
    ${tenant},
    id bigserial,
    child_id bigint NOT NULL,
    org_id bigint NOT NULL,
    requester_account_id bigint NOT NULL,
    requester_user_info_id bigint NOT NULL,
    requester_name text NOT NULL,
    kind text NOT NULL CHECK (kind IN ('delete', 'correct')),
    fields text[] NOT NULL,
    problem text NOT NULL,
    desired text,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'refused')),
    due_on date NOT NULL,
    created_at timestamptz NOT NULL,
    handled_by bigint,
    handler_name text,
    handled_at timestamptz,
    reply text,
    result text,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'pi_request')
  await run(`CREATE INDEX pi_request_org ON pi_request (tenant_id, org_id, status, due_on)`)
  await run(`CREATE INDEX pi_request_requester ON pi_request (tenant_id, requester_account_id, created_at DESC)`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS pi_request`)
  await run(`DROP TABLE IF EXISTS pi_legal_hold`)
  await run(`DROP TABLE IF EXISTS pi_scrub_journal`)
  await run(`DROP TABLE IF EXISTS pi_retention_policy`)
}
