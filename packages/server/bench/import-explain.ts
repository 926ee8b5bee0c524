// Profiling aid: EXPLAIN ANALYZE of one 8,000-student batch's inserts on a seeded throwaway PostgreSQL (rolled back).
import fs from 'node:fs'
import pgLib from 'pg'
import { startServer, stopServer } from './lib.js'
import { startThrowawayPostgres } from './postgres.js'

const pg = await startThrowawayPostgres()
try {
  const server = await startServer(
    'server',
    'packages/server/src/main.ts',
    { SEED_DEMO: '1', DATABASE_URL: pg.url, SCHOOL_APPS: '0' },
    '/base/api/tenant/getLoginInfo',
  )
  await stopServer(server.child)
  const c = new pgLib.Client({ connectionString: pg.url })
  await c.connect()
  const school = (
    await c.query(`SELECT id, tenant_id FROM org_unit WHERE name LIKE '%第一实验小学%' AND org_type = 'org'`)
  ).rows[0]
  const cls = (await c.query(`SELECT id FROM school_class WHERE org_id = $1 LIMIT 1`, [school.id])).rows[0]
  const N = Number(process.env.N ?? 8000)
  const names = Array.from({ length: N }, (_, i) => `xs${i}`)
  await c.query('BEGIN')
  await c.query(`SELECT set_config('zx.tenant_id', $1, true), set_config('role', 'zx_app', true)`, [
    String(school.tenant_id),
  ])
  const ex = async (label: string, q: string, p: unknown[]) => {
    const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS off, TIMING on) ${q}`, p)
    console.log(`== ${label}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}`)
  }
  await ex(
    'account',
    `INSERT INTO account (user_name, phone, password_hash, must_reset) SELECT n, null, 'x', true FROM unnest($1::text[]) AS t(n)`,
    [names],
  )
  const acc = (await c.query(`SELECT id, user_name FROM account WHERE user_name = any($1::text[])`, [names])).rows
  await ex(
    'login_name',
    `INSERT INTO login_name (user_name, tenant_id, account_id) SELECT n, ${school.tenant_id}, a FROM unnest($1::text[], $2::bigint[]) AS t(n, a)`,
    [acc.map((a) => a.user_name), acc.map((a) => a.id)],
  )
  await ex(
    'user_info',
    `INSERT INTO user_info (account_id, org_id, user_type, true_name, job_no, class_id, entered_on) SELECT a, ${school.id}, 2, n, n, ${cls.id}, '2026-09-01' FROM unnest($1::bigint[], $2::text[]) AS t(a, n)`,
    [acc.map((a) => a.id), acc.map((a) => a.user_name)],
  )
  const ui = (await c.query(`SELECT id FROM user_info WHERE account_id = any($1::bigint[])`, [acc.map((a) => a.id)]))
    .rows
  const role = (await c.query(`SELECT id FROM role WHERE code = 'student' AND org_id IS NULL`)).rows[0]
  await ex(
    'user_role',
    `INSERT INTO user_role (user_info_id, role_id) SELECT u, ${role.id} FROM unnest($1::bigint[]) AS t(u)`,
    [ui.map((u) => u.id)],
  )
  await ex(
    'person',
    `INSERT INTO person (account_id, sex) SELECT a, 1 FROM unnest($1::bigint[]) AS t(a) ON CONFLICT (tenant_id, account_id) DO UPDATE SET sex = excluded.sex`,
    [acc.map((a) => a.id)],
  )
  const idx = await c.query(
    `SELECT tablename, count(*) FROM pg_indexes WHERE tablename IN ('account','login_name','user_info','user_role','person','directory_change') GROUP BY 1`,
  )
  console.log(idx.rows)
  await c.query('ROLLBACK')
  await c.end()
} finally {
  pg.stop()
}
void fs
