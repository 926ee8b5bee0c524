import { type Kysely, sql } from 'kysely'
import { CURRENT_TENANT, protectTenantTable } from './tenant-rls.js'

/**
 * The tenant's privacy notices and the versions people accepted (issue 26 point 7; docs/privacy.md "Privacy notice
 * and annual audit"). A row is a draft while `version` is null (one per kind) and a published version after: a trigger
 * refuses any change or delete of a published row, so an accepted version keeps meaning the text that was shown. The
 * deletion of a whole tenant cascades through (a delete from inside another trigger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE TABLE privacy_notice (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    id bigserial,
    kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'children')),
    version int,
    title text NOT NULL,
    body text NOT NULL,
    updated_by bigint,
    updated_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz,
    published_by bigint,
    published_by_name text,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, kind, version),
    CHECK ((version IS NULL) = (published_at IS NULL)))`)
  await protectTenantTable(db, 'privacy_notice')
  await run(`CREATE UNIQUE INDEX privacy_notice_draft ON privacy_notice (tenant_id, kind) WHERE version IS NULL`)
  await run(`CREATE FUNCTION privacy_notice_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.version IS NULL THEN RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END; END IF;
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      RAISE EXCEPTION 'a published privacy_notice version is immutable' USING ERRCODE = 'insufficient_privilege';
    END $$`)
  await run(`CREATE TRIGGER privacy_notice_guard BEFORE UPDATE OR DELETE ON privacy_notice
    FOR EACH ROW EXECUTE FUNCTION privacy_notice_guard()`)
  // Which version of each notice an account accepted, and how (today: at sign-up).
  await run(`CREATE TABLE privacy_notice_acceptance (
    tenant_id bigint NOT NULL DEFAULT ${CURRENT_TENANT} REFERENCES tenant(id) ON DELETE CASCADE,
    account_id bigint NOT NULL,
    kind text NOT NULL,
    version int NOT NULL,
    channel text NOT NULL DEFAULT 'signup',
    accepted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, account_id, kind, version))`)
  await protectTenantTable(db, 'privacy_notice_acceptance')
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP TABLE IF EXISTS privacy_notice_acceptance`)
  await run(`DROP TABLE IF EXISTS privacy_notice`)
  await run(`DROP FUNCTION IF EXISTS privacy_notice_guard()`)
}
