import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The guardian consent ledger (issue 26 point 5; docs/privacy.md "Consent"): one line per consent given or withdrawn
 * for a child, a purpose (shared CONSENT_PURPOSES) and, for appRelease, an app. The current state is the latest line
 * of (child, purpose, app). Append-only like pi_access_log: a trigger refuses UPDATE, DELETE and TRUNCATE, except the
 * cascade of a deleted tenant (a delete from inside another trigger), because the ledger is the proof of consent.
 * Names are copied in and the people are no foreign keys: the proof must outlive an unbound guardian.
 *
 * app_client.children_data: whether an app is a district school-duty app ('duty', no consent asked) or a third-party
 * app ('consent', the default: a minor reaches it only with appRelease consent on record).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE consent_record (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    at timestamptz NOT NULL DEFAULT now(),
    child_id bigint NOT NULL,
    child_name text NOT NULL,
    child_org_id bigint NOT NULL,
    under14 boolean NOT NULL,
    purpose text NOT NULL CHECK (purpose IN ('portalPhoto', 'faceData', 'appRelease')),
    app_id bigint,
    notice_version text NOT NULL,
    guardian_id bigint NOT NULL,
    guardian_name text NOT NULL,
    relation text,
    channel text NOT NULL CHECK (channel IN ('pc', 'mobile', 'paper')),
    given boolean NOT NULL,
    recorded_by_account_id bigint NOT NULL,
    recorded_by_name text NOT NULL,
    CHECK ((purpose = 'appRelease') = (app_id IS NOT NULL)),
    PRIMARY KEY (tenant_id, id))`)
  await protectTenantTable(db, 'consent_record')
  // The latest line per (child, purpose, app): the current state, and the hub's check per page of children.
  await run(`CREATE INDEX consent_record_latest ON consent_record (tenant_id, child_id, purpose, app_id, id DESC)`)
  await run(`CREATE FUNCTION consent_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      RAISE EXCEPTION 'consent_record is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`)
  await run(`CREATE TRIGGER consent_record_guard BEFORE UPDATE OR DELETE ON consent_record
    FOR EACH ROW EXECUTE FUNCTION consent_record_guard()`)
  await run(`CREATE TRIGGER consent_record_no_truncate BEFORE TRUNCATE ON consent_record
    FOR EACH STATEMENT EXECUTE FUNCTION consent_record_guard()`)
  await run(`ALTER TABLE app_client ADD COLUMN children_data text NOT NULL DEFAULT 'consent'
    CHECK (children_data IN ('consent', 'duty'))`)
  // Every app registered so far becomes third-party (the safe side) until the district says it is a school-duty app;
  // the seed registers the demo's own school apps as school-duty apps (db/seed/school-apps.ts).
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`ALTER TABLE app_client DROP COLUMN IF EXISTS children_data`)
  await run(`DROP TABLE IF EXISTS consent_record`)
  await run(`DROP FUNCTION IF EXISTS consent_record_guard()`)
}
