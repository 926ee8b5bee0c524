import { type Kysely, sql } from 'kysely'

/**
 * The append-only records of issue 26 lose their edit grants (docs/privacy.md "Nobody can edit it"). Until now a
 * trigger refused UPDATE, DELETE and TRUNCATE on pi_access_log and consent_record, but the app's roles still held
 * UPDATE and DELETE from the core migration's blanket grant: the refusal rested on the trigger alone. Now the roles
 * the app runs as (zx_app for a tenant, zx_platform for the platform scope) hold SELECT and INSERT only:
 * - pi_access_log: the access log (issue 26 point 3);
 * - consent_record: the consent ledger, the proof of consent (point 5);
 * - privacy_notice_acceptance: which notice version each account accepted (point 7), written once at sign-up.
 * The triggers stay as a second wall that holds for the owner too.
 *
 * The access log's retention prune (rows past 400 days) is the one delete left. It runs through
 * pi_access_log_prune(days), a SECURITY DEFINER function owned by the migration's role, which zx_platform may execute
 * and nobody else. The function never deletes a row younger than 400 days whatever it is asked (the trigger refuses
 * those anyway). Row-level security still applies inside it (the table forces it on its owner): the owner reaches
 * every tenant's rows through the platform_scope policy, being a member of zx_platform (the app's connection must be,
 * to SET ROLE zx_platform: migration 202611241300).
 *
 * A deleted tenant's rows still go: a foreign key's cascade runs as the table's owner, not as the caller.
 */
const TABLES = ['pi_access_log', 'consent_record', 'privacy_notice_acceptance'] as const
const ROLES = 'zx_app, zx_platform'

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  for (const t of TABLES) await run(`REVOKE UPDATE, DELETE, TRUNCATE ON ${t} FROM ${ROLES}`)
  await run(`CREATE FUNCTION pi_access_log_prune(p_days int) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${await schemaName(db)} AS $$
    DECLARE n bigint;
    BEGIN
      DELETE FROM pi_access_log WHERE at < now() - make_interval(days => greatest(p_days, 400));
      GET DIAGNOSTICS n = ROW_COUNT;
      RETURN n;
    END $$`)
  await run(`REVOKE ALL ON FUNCTION pi_access_log_prune(int) FROM PUBLIC`)
  await run(`GRANT EXECUTE ON FUNCTION pi_access_log_prune(int) TO zx_platform`)
}

/** The schema the tables live in, pinned into the SECURITY DEFINER function (a caller's search_path never counts). */
async function schemaName(db: Kysely<unknown>): Promise<string> {
  const r = await sql<{ s: string }>`SELECT quote_ident(current_schema()) AS s`.execute(db)
  return r.rows[0]!.s
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  await run(`DROP FUNCTION IF EXISTS pi_access_log_prune(int)`)
  for (const t of TABLES) await run(`GRANT UPDATE, DELETE ON ${t} TO ${ROLES}`)
}
