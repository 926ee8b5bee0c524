import { type Kysely, sql } from 'kysely'

/**
 * Alumni sessions (issue 27 point 3; docs/school-year.md "Graduation and alumni"): a graduate signs in during the
 * alumni period to their archived membership, read-only. The session carries the mark so the auth hook refuses every
 * route not marked for alumni without reading the membership on each request; the lookup answers it.
 */
const EXPIRED = `AND NOT EXISTS (SELECT 1 FROM account a WHERE a.tenant_id = p_tenant AND a.id = s.account_id
          AND a.expires_at <= p_now
          AND NOT EXISTS (SELECT 1 FROM user_info u WHERE u.tenant_id = p_tenant AND u.account_id = a.id
            AND u.status = 0 AND NOT u.archived))`

async function lookup(db: Kysely<unknown>, withAlumni: boolean): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  // The answer's columns change, which CREATE OR REPLACE cannot do: dropped and made again, with its grant.
  await run(`DROP FUNCTION IF EXISTS zx_resolve_session(bigint, text, timestamptz)`)
  await run(`CREATE FUNCTION zx_resolve_session(p_tenant bigint, p_id text, p_now timestamptz)
    RETURNS TABLE (account_id bigint, user_info_id bigint, org_id bigint, last_used_at timestamptz${withAlumni ? ', alumni boolean' : ''})
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('zx.tenant_id', p_tenant::text, true);
      PERFORM set_config('role', 'zx_app', true);
      RETURN QUERY SELECT s.account_id, s.user_info_id, s.org_id, s.last_used_at${withAlumni ? ', s.alumni' : ''} FROM session s
        WHERE s.tenant_id = p_tenant AND s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > p_now
        ${EXPIRED};
    END $$`)
  await run(`GRANT EXECUTE ON FUNCTION zx_resolve_session(bigint, text, timestamptz) TO zx_app`)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE session ADD COLUMN alumni boolean NOT NULL DEFAULT false`).execute(db)
  await lookup(db, true)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await lookup(db, false)
  await sql.raw(`ALTER TABLE session DROP COLUMN IF EXISTS alumni`).execute(db)
}
