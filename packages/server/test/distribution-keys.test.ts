import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.js'

/**
 * Issue 28 point 5: every tenant table can be distributed by tenant_id (Citus or another distributed PostgreSQL), so
 * a province can be split by tenant over several servers. Citus enforces a primary, unique or exclusion key on a
 * shard only if it contains the distribution column, and a foreign key between distributed tables only if both sides
 * pair their distribution columns. docs/scale.md "Distribution keys" has the plan and the decisions below.
 */

/**
 * Tables without tenant_id that every node needs: small catalogues, replicated to every node as Citus reference
 * tables (a distributed table may point to them; they may point to nothing distributed). Their unique keys are
 * platform-wide on purpose.
 */
const REFERENCE_TABLES: Record<string, string> = {
  tenant:
    'the tenants themselves (a province: thousands of rows, joined by every node); unique_name and domain are unique ' +
    'platform-wide on purpose: a tenant is found by them before anything else',
  permission: 'the permission catalogue of the platform (db/seed/permissions.ts)',
  area: 'the national administrative divisions (provinces, cities, districts)',
  admin_level: 'the levels of the administrative divisions',
  system_setting: 'platform-wide settings',
}

/**
 * Tables that answer a question asked before any tenant is known, or none at all: they stay on the coordinator (Citus
 * local tables). Nothing distributed points to them. Those with a tenant_id key it platform-wide on purpose.
 */
const COORDINATOR_TABLES: Record<string, string> = {
  login_name: 'a user name is unique across the platform: sign-in looks it up before any tenant is known',
  qr_login: 'a QR sign-in starts before a tenant is known (its tenant_id is null until a phone confirms it)',
  captcha: 'a captcha is asked before sign-in, hence before any tenant',
  ip_throttle: 'sign-in throttling per IP address, across tenants',
  sms_ip_window: 'SMS sending limits per IP address, across tenants',
  unknown_name_attempt: 'throttling of sign-ins with a user name that names no account, hence no tenant',
  kysely_migration: "the migrator's own bookkeeping",
  kysely_migration_lock: "the migrator's own bookkeeping",
}

/**
 * Tenant tables looked up by id alone outside row-level security (the platform scope), which therefore keep a plain
 * index starting with id beside their (tenant_id, id) primary key, and why.
 */
const ID_LOOKUPS: Record<string, string> = {
  org_unit: 'signed-out pages name their tenant by ?orgId= alone (tenant/service.ts tenantIdOfOrg and its kin)',
  oidc_model: 'an app token arrives without its tenant (directory/queries.ts findTokenTenant)',
}

interface Key {
  tbl: string
  name: string
  /** p primary, u unique, x exclusion, f foreign, i a unique index that backs no constraint */
  kind: 'p' | 'u' | 'x' | 'f' | 'i'
  cols: string
  ref: string | null
  refcols: string | null
  def: string
}

interface Problems {
  /** tables that are neither tenant tables nor listed, and listings of tables that no longer exist */
  listing: string[]
  /** tenant tables whose tenant_id is not a NOT NULL bigint (every co-located distribution column has one type) */
  column: string[]
  /** primary, unique and exclusion keys of tenant tables that do not start with tenant_id; tenant tables with none */
  keys: string[]
  /** foreign keys that a distributed database could not enforce */
  foreign: string[]
  /** ON DELETE SET NULL of a composite key that would null tenant_id too */
  setNull: string[]
}

/** Everything on the current schema that would stop its tenant tables from being distributed by tenant_id. */
async function distributionProblems(db: Kysely<unknown>): Promise<Problems> {
  const tables = await sql<{ relname: string; tenant_type: string | null; tenant_not_null: boolean | null }>`
    SELECT c.relname, format_type(a.atttypid, a.atttypmod) AS tenant_type, a.attnotnull AS tenant_not_null
    FROM pg_class c LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
    ORDER BY 1`.execute(db)
  const all = tables.rows.map((r) => r.relname)
  const listed = (n: string) => n in REFERENCE_TABLES || n in COORDINATOR_TABLES
  const tenantTables = new Set(tables.rows.filter((r) => r.tenant_type && !listed(r.relname)).map((r) => r.relname))
  // Primary, unique, exclusion and foreign keys, and unique indexes that back no constraint, columns in key order.
  const found = await sql<Key>`
    SELECT cl.relname AS tbl, c.conname AS name, c.contype AS kind,
      (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(n, ord)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS cols,
      rc.relname AS ref,
      (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(n, ord)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS refcols,
      pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_class cl ON cl.oid = c.conrelid LEFT JOIN pg_class rc ON rc.oid = c.confrelid
    WHERE c.connamespace = current_schema()::regnamespace AND c.contype IN ('p', 'u', 'x', 'f')
    UNION ALL
    SELECT cl.relname, ic.relname, 'i',
      (SELECT string_agg(COALESCE(a.attname::text, '(expression)'), ',' ORDER BY k.ord)
        FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(n, ord)
        LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n),
      NULL, NULL, pg_get_indexdef(i.indexrelid)
    FROM pg_index i JOIN pg_class cl ON cl.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE i.indisunique AND cl.relnamespace = current_schema()::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
    ORDER BY 1, 2`.execute(db)
  const keys = found.rows
  const p: Problems = { listing: [], column: [], keys: [], foreign: [], setNull: [] }

  for (const n of all) if (!tenantTables.has(n) && !listed(n)) p.listing.push(`${n}: no tenant_id and not listed`)
  // A listing that outlives its table is a listing nobody checks.
  for (const n of [...Object.keys(REFERENCE_TABLES), ...Object.keys(COORDINATOR_TABLES)])
    if (!all.includes(n)) p.listing.push(`${n}: listed but no such table`)

  for (const r of tables.rows)
    if (tenantTables.has(r.relname) && (r.tenant_type !== 'bigint' || !r.tenant_not_null))
      p.column.push(`${r.relname}.tenant_id: ${r.tenant_type}${r.tenant_not_null ? ' NOT NULL' : ''}`)

  for (const k of keys) {
    if (!tenantTables.has(k.tbl) || k.kind === 'f') continue
    // First, not merely included: a lookup under RLS (tenant_id = current tenant AND id = $1) then uses the key's
    // index, and a shard's index starts with the column every query of that shard fixes.
    if (k.cols.split(',')[0] !== 'tenant_id') p.keys.push(`${k.tbl}.${k.name}: ${k.def}`)
  }
  for (const n of tenantTables)
    if (!keys.some((k) => k.tbl === n && k.kind === 'p')) p.keys.push(`${n}: no primary key`)

  const kindOf = (n: string | null) =>
    n && tenantTables.has(n) ? 'tenant' : n && n in REFERENCE_TABLES ? 'reference' : 'coordinator'
  for (const k of keys.filter((x) => x.kind === 'f')) {
    const from = kindOf(k.tbl)
    const to = kindOf(k.ref)
    const say = `${k.tbl}.${k.name} (${from} → ${to} ${k.ref}): ${k.def}`
    if (from === 'tenant' && to === 'tenant') {
      // Both rows must live on the same shard: the key pairs tenant_id with tenant_id.
      const at = k.cols.split(',').indexOf('tenant_id')
      if (at < 0 || (k.refcols ?? '').split(',')[at] !== 'tenant_id') p.foreign.push(say)
    } else if (
      to === 'tenant' ||
      (from === 'reference' && to === 'coordinator') ||
      (from === 'tenant' && to === 'coordinator')
    )
      // Citus enforces no key from a replicated or coordinator table into shards, nor from shards to the coordinator.
      p.foreign.push(say)
  }

  for (const k of keys)
    if (k.kind === 'f' && tenantTables.has(k.tbl) && /ON DELETE SET (NULL|DEFAULT)/.test(k.def))
      if (k.cols.includes('tenant_id') && !/ON DELETE SET (NULL|DEFAULT) \(/.test(k.def))
        p.setNull.push(`${k.tbl}.${k.name}: ${k.def}`)
  return p
}

describe('distribution keys: every key of a tenant table includes tenant_id (ready for Citus)', () => {
  let t: TestApp
  let db: Kysely<unknown>
  let p: Problems
  beforeAll(async () => {
    t = await createTestApp()
    db = t.db.kysely as unknown as Kysely<unknown>
    p = await distributionProblems(db)
  })
  afterAll(async () => {
    await t.close()
  })

  it('every table is a tenant table, a listed reference table or a listed coordinator table', async () => {
    expect(p.listing).toEqual([])
    const n = await sql<{ n: number }>`
      SELECT count(DISTINCT table_name)::int AS n FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'tenant_id'`.execute(db)
    expect(n.rows[0]!.n).toBeGreaterThan(80)
  })

  it('every tenant_id of a tenant table is a NOT NULL bigint', () => {
    expect(p.column).toEqual([])
  })

  it('every primary key, unique constraint and unique index of a tenant table starts with tenant_id', () => {
    expect(p.keys).toEqual([])
  })

  it('every foreign key between tenant tables pairs tenant_id with tenant_id; none points into them from outside', () => {
    expect(p.foreign).toEqual([])
  })

  it('a composite foreign key that sets null on delete nulls only its id column, never tenant_id', () => {
    expect(p.setNull).toEqual([])
  })

  it('a lookup by id alone outside row-level security has an index on (id); one under RLS uses (tenant_id, id)', async () => {
    const idx = await sql<{ tbl: string; def: string }>`
      SELECT cl.relname AS tbl, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
      JOIN pg_class cl ON cl.oid = i.indrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE cl.relnamespace = current_schema()::regnamespace AND a.attname = 'id'`.execute(db)
    expect(Object.keys(ID_LOOKUPS).filter((n) => !idx.rows.some((r) => r.tbl === n))).toEqual([])
    // The plans themselves. Seq scans off: the test database is nearly empty, where a scan would win anyway.
    const plan = (rows: { 'QUERY PLAN': string }[]) => rows.map((r) => r['QUERY PLAN']).join('\n')
    const platform = await t.db.platform(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT tenant_id FROM org_unit WHERE id = 42`.execute(trx)
      return plan(r.rows)
    })
    expect(platform).toMatch(/org_unit_id/)
    const tenant = await t.db.tenant(1, async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT true_name FROM user_info WHERE id = 42`.execute(trx)
      return plan(r.rows)
    })
    // The policy's tenant and the id both bound the index (the primary key, or another index that starts alike).
    expect(tenant).toMatch(/Index Cond: \(\(tenant_id = .*\) AND \(id = /)
  })

  it('a new table that breaks any of these rules is named by the check', async () => {
    // Scratch tables on the test's own database, dropped after: the check must see what a careless migration makes.
    const scratch = [
      `CREATE TABLE zz_unlisted (id bigint PRIMARY KEY, t bigint, o bigint,
         FOREIGN KEY (t, o) REFERENCES org_unit(tenant_id, id))`,
      `CREATE TABLE zz_bad (tenant_id text, id bigint NOT NULL, code text,
         PRIMARY KEY (id, tenant_id), UNIQUE (code), UNIQUE (id))`,
      `CREATE TABLE zz_bad_child (tenant_id bigint NOT NULL REFERENCES tenant(id), id bigint, bad_id bigint,
         org_id bigint, login text, PRIMARY KEY (tenant_id, id), FOREIGN KEY (bad_id) REFERENCES zz_bad(id),
         FOREIGN KEY (tenant_id, org_id) REFERENCES org_unit(tenant_id, id) ON DELETE SET NULL,
         FOREIGN KEY (login) REFERENCES login_name(user_name))`,
      `CREATE TABLE zz_nullable (tenant_id bigint, id bigint, UNIQUE (tenant_id, id))`,
    ]
    for (const q of scratch) await sql.raw(q).execute(db)
    try {
      const bad = await distributionProblems(db)
      const names = (xs: string[]) => xs.map((x) => x.split(/[.:]/)[0]).sort()
      expect(bad.listing).toEqual(['zz_unlisted: no tenant_id and not listed'])
      expect(bad.column.sort()).toEqual(['zz_bad.tenant_id: text NOT NULL', 'zz_nullable.tenant_id: bigint'])
      expect(bad.keys.sort()).toEqual([
        'zz_bad.zz_bad_code_key: UNIQUE (code)',
        'zz_bad.zz_bad_id_key: UNIQUE (id)',
        'zz_bad.zz_bad_pkey: PRIMARY KEY (id, tenant_id)',
        'zz_nullable: no primary key',
      ])
      expect(names(bad.foreign)).toEqual(['zz_bad_child', 'zz_bad_child', 'zz_unlisted'])
      expect(bad.foreign.join('\n')).toMatch(
        /REFERENCES zz_bad\(id\)[^]*REFERENCES login_name\(user_name\)|REFERENCES login_name\(user_name\)[^]*REFERENCES zz_bad\(id\)/,
      )
      expect(bad.setNull).toHaveLength(1)
      expect(bad.setNull[0]).toMatch(/^zz_bad_child\..*ON DELETE SET NULL$/)
    } finally {
      for (const n of ['zz_nullable', 'zz_bad_child', 'zz_bad', 'zz_unlisted'])
        await sql.raw(`DROP TABLE ${n}`).execute(db)
    }
  })
})
