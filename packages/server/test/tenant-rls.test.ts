import { sql } from 'kysely'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.js'

/** Tables with a tenant_id that are deliberately outside row-level security, and why. */
const NOT_TENANT_ROWS: Record<string, string> = {
  login_name: 'a platform index: the sign-in looks a user name up before any tenant is known (docs/auth.md)',
  qr_login:
    'a QR sign-in starts before a tenant is known (its tenant_id may be null); only the platform scope reads it',
}
/** Policies beyond the two standard ones, and why (docs/alliance.md: an alliance is read across tenants). */
const EXTRA_POLICIES: Record<string, string[]> = {
  alliance: ['alliance_directory'],
  alliance_member: ['member_apply', 'member_leave', 'member_read'],
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../src/db/migrations')

describe('row-level security of tenant tables (db/migrations/tenant-rls.ts)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('every table with a tenant column has RLS enabled and forced, with exactly the two policies', async () => {
    const tables = await sql<{ table_name: string }>`
      SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'tenant_id' ORDER BY 1`.execute(t.db.kysely)
    const names = [...tables.rows.map((r) => r.table_name).filter((n) => !(n in NOT_TENANT_ROWS)), 'tenant']
    expect(names.length).toBeGreaterThan(40)
    const flags = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class
      WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace`.execute(t.db.kysely)
    const policies = await sql<{
      tablename: string
      policyname: string
      roles: string
      qual: string
      with_check: string
    }>`
      SELECT tablename, policyname, roles::text AS roles, qual, with_check FROM pg_policies WHERE schemaname = current_schema()`.execute(
      t.db.kysely,
    )
    const problems: string[] = []
    for (const name of names) {
      const f = flags.rows.find((r) => r.relname === name)
      if (!f?.relrowsecurity || !f.relforcerowsecurity) problems.push(`${name}: RLS not enabled and forced`)
      const col = name === 'tenant' ? 'id' : 'tenant_id'
      const own = policies.rows.filter((p) => p.tablename === name && !EXTRA_POLICIES[name]?.includes(p.policyname))
      const iso = own.find((p) => p.policyname === 'tenant_isolation')
      const plat = own.find((p) => p.policyname === 'platform_scope')
      if (own.length !== 2 || !iso || !plat)
        problems.push(`${name}: policies ${own.map((p) => p.policyname).join(', ') || 'none'}`)
      else if (
        iso.roles !== '{zx_app}' ||
        !iso.qual.startsWith(`(${col} = (NULLIF(current_setting('zx.tenant_id'`) ||
        iso.with_check !== iso.qual
      )
        problems.push(`${name}: tenant_isolation is ${iso.roles} ${iso.qual}`)
      else if (plat.roles !== '{zx_platform}' || plat.qual !== 'true' || plat.with_check !== 'true')
        problems.push(`${name}: platform_scope is ${plat.roles} ${plat.qual}`)
    }
    expect(problems).toEqual([])
  })

  it('no migration writes row-level security by hand: they call protectTenantTable', () => {
    // 202611241300 rewrote the policies of the tables that existed then; it stays as it landed.
    const allowed = new Set(['tenant-rls.ts', '202611241300_split_tenant_policies.ts'])
    const offenders = fs
      .readdirSync(MIGRATIONS)
      .filter((f) => !allowed.has(f))
      .filter((f) =>
        /ROW LEVEL SECURITY|POLICY (tenant_isolation|platform_scope)/i.test(
          fs.readFileSync(path.join(MIGRATIONS, f), 'utf8'),
        ),
      )
    expect(offenders).toEqual([])
  })
})
