import { type Kysely, sql } from 'kysely'

/**
 * Session lookup in one statement. Every authenticated request resolves its token; doing that through a
 * tenant transaction (BEGIN, set_config, SELECT, COMMIT) cost four round trips. The function scopes itself to the
 * token's tenant, so row-level security still decides what it can see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION zx_resolve_session(p_tenant bigint, p_id text, p_now timestamptz)
    RETURNS TABLE (account_id bigint, user_info_id bigint, org_id bigint, last_used_at timestamptz)
    LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('zx.tenant_id', p_tenant::text, true);
      PERFORM set_config('role', 'zx_app', true);
      RETURN QUERY SELECT s.account_id, s.user_info_id, s.org_id, s.last_used_at FROM session s
        WHERE s.tenant_id = p_tenant AND s.id = p_id AND s.revoked_at IS NULL AND s.expires_at > p_now;
    END $$`,
    )
    .execute(db)
  await sql.raw(`GRANT EXECUTE ON FUNCTION zx_resolve_session(bigint, text, timestamptz) TO zx_app`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP FUNCTION IF EXISTS zx_resolve_session(bigint, text, timestamptz)').execute(db)
}
