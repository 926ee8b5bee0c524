import { type Kysely, sql } from 'kysely'
import { protectTenantTable } from './tenant-rls.js'

/**
 * Sub-organisation associations (001 §7.4 sub/org/*): an org delegates one of its roles to sub-orgs of its tree
 * (role_sub_org), and then to people of those sub-orgs (role_sub_org_user). A delegated person holds the role's
 * codes in their own org. Dropping a sub-org's association drops its people with it (cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (q: string) => sql.raw(q).execute(db)
  const tenantId = `tenant_id bigint NOT NULL DEFAULT current_setting('zx.tenant_id')::bigint REFERENCES tenant(id)`

  await run(`CREATE TABLE role_sub_org (
    ${tenantId}, role_id bigint NOT NULL, org_id bigint NOT NULL, created_by bigint, created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, role_id, org_id),
    FOREIGN KEY (tenant_id, role_id) REFERENCES role (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, org_id) REFERENCES org_unit (tenant_id, id) ON DELETE CASCADE)`)
  await run(`CREATE INDEX role_sub_org_org ON role_sub_org (tenant_id, org_id)`)

  await run(`CREATE TABLE role_sub_org_user (
    ${tenantId}, role_id bigint NOT NULL, org_id bigint NOT NULL, user_info_id bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, role_id, user_info_id),
    FOREIGN KEY (tenant_id, role_id, org_id) REFERENCES role_sub_org (tenant_id, role_id, org_id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_info_id) REFERENCES user_info (tenant_id, id) ON DELETE CASCADE)`)
  // The per-request grant lookup reads by person.
  await run(`CREATE INDEX role_sub_org_user_person ON role_sub_org_user (tenant_id, user_info_id)`)
  await run(`CREATE INDEX role_sub_org_user_org ON role_sub_org_user (tenant_id, role_id, org_id)`)

  for (const t of ['role_sub_org', 'role_sub_org_user']) {
    await protectTenantTable(db, t, { policy: 'bypass' })
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`DROP TABLE IF EXISTS role_sub_org_user`).execute(db)
  await sql.raw(`DROP TABLE IF EXISTS role_sub_org`).execute(db)
}
