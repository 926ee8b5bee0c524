import { type Kysely, sql } from 'kysely'

/**
 * The retention scrub of the consent ledger (issue 26 point 6; docs/privacy.md "Retention and requests"). The ledger
 * stays append-only, with one narrow, documented exception: an UPDATE that only clears a leaver's personal fields —
 * the child's and the guardian's names (and the recorder's name where the recorder was the guardian) become the
 * marker '已清理', the guardian's membership id, the recorder's account id and the relation become NULL — and only
 * while the retention job's transaction has set `zx.consent_scrub` to 'on' (SET LOCAL, modules/privacy). Every fact
 * of the line (child id and org, purpose, app, notice version, channel, given or withdrawn, under-14, time) must stay
 * as it was; anything else is refused as before. DELETE and TRUNCATE stay refused.
 */
const MARK = `'已清理'`

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`ALTER TABLE consent_record ALTER COLUMN guardian_id DROP NOT NULL`)
  await run(`ALTER TABLE consent_record ALTER COLUMN recorded_by_account_id DROP NOT NULL`)
  await run(`CREATE OR REPLACE FUNCTION consent_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      IF TG_OP = 'UPDATE' AND current_setting('zx.consent_scrub', true) = 'on'
        AND (NEW.tenant_id, NEW.id, NEW.at, NEW.child_id, NEW.child_org_id, NEW.under14, NEW.purpose, NEW.app_id,
             NEW.notice_version, NEW.channel, NEW.given)
          IS NOT DISTINCT FROM
            (OLD.tenant_id, OLD.id, OLD.at, OLD.child_id, OLD.child_org_id, OLD.under14, OLD.purpose, OLD.app_id,
             OLD.notice_version, OLD.channel, OLD.given)
        AND NEW.child_name IN (OLD.child_name, ${MARK})
        AND NEW.guardian_name IN (OLD.guardian_name, ${MARK})
        AND NEW.recorded_by_name IN (OLD.recorded_by_name, ${MARK})
        AND (NEW.guardian_id IS NULL OR NEW.guardian_id = OLD.guardian_id)
        AND (NEW.recorded_by_account_id IS NULL OR NEW.recorded_by_account_id = OLD.recorded_by_account_id)
        AND (NEW.relation IS NULL OR NEW.relation IS NOT DISTINCT FROM OLD.relation)
      THEN RETURN NEW; END IF;
      RAISE EXCEPTION 'consent_record is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`CREATE OR REPLACE FUNCTION consent_record_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      RAISE EXCEPTION 'consent_record is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`)
  // Lines already scrubbed keep their NULLs, so the columns stay nullable on the way down.
}
