import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * Export approval (issue 26 point 4; docs/privacy.md "Export approval"): the tenant's personal-information officer and
 * its limit of minors for a masked export (one row per tenant, defaults in code when absent), the approvers the
 * officer names, and the export requests, which are also the jobs that produce the approved files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const tenant = `tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE`
  await run(`CREATE TABLE pi_export_policy (
    ${tenant},
    officer_user_info_id bigint,
    minor_row_limit int CHECK (minor_row_limit IS NULL OR minor_row_limit > 0),
    updated_by bigint,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id),
    FOREIGN KEY (tenant_id, officer_user_info_id) REFERENCES user_info (tenant_id, id)
      ON DELETE SET NULL (officer_user_info_id))`)
  await protectTenantTable(db, 'pi_export_policy')
  await run(`CREATE TABLE pi_export_approver (
    ${tenant},
    user_info_id bigint NOT NULL,
    added_by bigint NOT NULL,
    added_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_info_id),
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE)`)
  await protectTenantTable(db, 'pi_export_approver')
  // Names are copied in (like pi_access_log): the record of who asked and who approved outlives the people.
  await run(`CREATE TABLE pi_export_request (
    ${tenant},
    id bigserial,
    kind text NOT NULL CHECK (kind IN ('student', 'teacher', 'parent')),
    full_values boolean NOT NULL,
    org_id bigint NOT NULL,
    filter jsonb NOT NULL,
    filter_text text NOT NULL,
    purpose text NOT NULL,
    requester_account_id bigint NOT NULL,
    requester_user_info_id bigint NOT NULL,
    requester_org_id bigint NOT NULL,
    requester_name text NOT NULL,
    client_ip text,
    created_at timestamptz NOT NULL DEFAULT now(),
    status text NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'refused', 'queued', 'running', 'done', 'failed')),
    reviewer_user_info_id bigint,
    reviewer_name text,
    review_comment text,
    reviewed_at timestamptz,
    runner_id text,
    started_at timestamptz,
    finished_at timestamptz,
    row_count int,
    error text,
    file bytea,
    file_name text,
    token text,
    expires_at timestamptz,
    download_count int NOT NULL DEFAULT 0,
    last_download_at timestamptz,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'pi_export_request')
  await run(`CREATE INDEX pi_export_request_requester ON pi_export_request (tenant_id, requester_account_id, id DESC)`)
  await run(`CREATE INDEX pi_export_request_status ON pi_export_request (tenant_id, status, id DESC)`)
  // The job runner's look for work, across tenants.
  await run(
    `CREATE INDEX pi_export_request_open ON pi_export_request (reviewed_at) WHERE status IN ('queued', 'running')`,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS pi_export_request`)
  await run(`DROP TABLE IF EXISTS pi_export_approver`)
  await run(`DROP TABLE IF EXISTS pi_export_policy`)
}
