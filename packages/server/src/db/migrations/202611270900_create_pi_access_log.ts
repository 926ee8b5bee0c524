import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The personal-data access log (issue 26 point 3; docs/privacy.md "Access log and reveal"): every view of a person's
 * detail, every reveal of a masked field and every export of people. Append-only: a trigger refuses UPDATE always and
 * DELETE of any row younger than PI_LOG_RETENTION_DAYS (400 days, above the six months of 网络安全法 art. 21(3)), so the
 * retention prune (pi_access_log_prune) is the only delete that passes. Names are copied into the row, and the subject
 * is no foreign key, because the log must outlive a renamed or deleted person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE pi_access_log (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    at timestamptz NOT NULL DEFAULT now(),
    actor_account_id bigint NOT NULL,
    actor_user_info_id bigint,
    actor_name text NOT NULL,
    actor_roles text[] NOT NULL DEFAULT '{}',
    actor_org_id bigint,
    subject_user_info_id bigint,
    subject_name text,
    subject_org_id bigint,
    fields text[] NOT NULL DEFAULT '{}',
    action text NOT NULL CHECK (action IN ('view', 'reveal', 'export')),
    purpose text,
    client_ip text,
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'pi_access_log')
  // The parent's view: one subject, newest first.
  await run(`CREATE INDEX pi_access_log_subject ON pi_access_log (tenant_id, subject_user_info_id, at DESC)`)
  // The admin search: newest first, filtered by the subject's or the actor's org (scope) and time.
  await run(`CREATE INDEX pi_access_log_subject_org ON pi_access_log (tenant_id, subject_org_id, at DESC)`)
  await run(`CREATE INDEX pi_access_log_actor_org ON pi_access_log (tenant_id, actor_org_id, at DESC)`)
  await run(`CREATE INDEX pi_access_log_at ON pi_access_log (tenant_id, at)`)
  // The deletion of a whole tenant cascades here; its rows pass, every other DELETE must be past retention.
  await run(`CREATE FUNCTION pi_access_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND OLD.at < now() - interval '400 days' THEN RETURN OLD; END IF;
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      RAISE EXCEPTION 'pi_access_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`)
  await run(`CREATE TRIGGER pi_access_log_guard BEFORE UPDATE OR DELETE ON pi_access_log
    FOR EACH ROW EXECUTE FUNCTION pi_access_log_guard()`)
  await run(`CREATE TRIGGER pi_access_log_no_truncate BEFORE TRUNCATE ON pi_access_log
    FOR EACH STATEMENT EXECUTE FUNCTION pi_access_log_guard()`)
  // Reveals per member and hour: one INSERT … ON CONFLICT per reveal, so racing requests never lose a count.
  await run(`CREATE TABLE pi_reveal_rate (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    user_info_id bigint NOT NULL, window_start timestamptz NOT NULL, hits int NOT NULL DEFAULT 1,
    PRIMARY KEY (tenant_id, user_info_id, window_start))`)
  await protectTenantTable(db, 'pi_reveal_rate')
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS pi_reveal_rate`)
  await run(`DROP TABLE IF EXISTS pi_access_log`)
  await run(`DROP FUNCTION IF EXISTS pi_access_log_guard()`)
}
