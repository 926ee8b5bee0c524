// The school-year roll-over at district size (issue 27 point 7; docs/performance.md "Roll-over"): the demo district
// plus BENCH_ROLLOVER_SCHOOLS generated schools of BENCH_ROLLOVER_STUDENTS students each (bench/people-scale.ts,
// their grades given the 小学 period and its names so every school relabels, graduates and takes an intake), then
// the bureau's plan with every school's preview, the run of all schools (background, one by one) and the undo of one.
// `DATABASE_URL=postgres://… npx tsx packages/server/bench/rollover.ts` (a fresh database is made beside the named one).
import { sql } from 'kysely'
import pg from 'pg'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { DEMO_PASSWORD, ensurePlatform, seedDemoDistrict } from '../src/db/seed/demo.js'
import { syncPermissionCatalogue } from '../src/db/seed/permissions.js'
import { systemClock } from '../src/platform/clock.js'
import { generateSchool } from './people-scale.js'

const SCHOOLS = Number(process.env.BENCH_ROLLOVER_SCHOOLS ?? 300)
const STUDENTS = Number(process.env.BENCH_ROLLOVER_STUDENTS ?? 3334)
const CHEAP = { memoryKiB: 64, timeCost: 1, parallelism: 1 }
const R = '/base/api/school-year/rollover'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is needed')
const name = `zx_bench_rollover_${process.pid}`
const admin = new pg.Client({ connectionString: url })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const dbUrl = url.replace(/\/[^/]*$/, `/${name}`)
const db = await Db.open({ databaseUrl: dbUrl })
const secs = (from: number) => ((Date.now() - from) / 1000).toFixed(1)
try {
  await migrateToLatest(db.kysely)
  await syncPermissionCatalogue(db.kysely)
  await ensurePlatform(db, CHEAP, 'Admin1234a')
  await seedDemoDistrict(db, CHEAP, new Date())
  let t = Date.now()
  for (let i = 0; i < SCHOOLS; i++) {
    await generateSchool(db, { students: STUDENTS, parents: STUDENTS, staff: 0 }, { vacuum: false })
    if (i % 30 === 29) process.stderr.write(` ${i + 1}`)
  }
  // The generated grades ('1年级' …) become 小学 cohorts of this school year: 一年级 (2026) … 六年级 (2021).
  await db.platform(async (trx) => {
    await sql`UPDATE grade g SET learn_period_id = d.id,
        name = (ARRAY['一年级','二年级','三年级','四年级','五年级','六年级'])[substring(g.name, 1, 1)::int],
        entry_year = 2027 - substring(g.name, 1, 1)::int
      FROM org_unit o, dict_item d
      WHERE o.id = g.org_id AND o.name LIKE '规模测试学校%' AND d.tenant_id = g.tenant_id
        AND d.dict_type = 'learnPeriod' AND d.name = '小学' AND d.org_id IS NULL`.execute(trx)
  })
  await sql`VACUUM ANALYZE`.execute(db.kysely)
  const generated = secs(t)
  const { app } = await buildApp({
    config: { ...loadConfig({}), password: CHEAP, seedDemo: false, webDist: '/nonexistent' },
    db,
    clock: systemClock,
    logger: false,
  })
  await app.ready()
  const login = await app.inject({
    method: 'POST',
    url: '/base/api/auth/loginByUserPwd',
    payload: { userName: 'jyjadmin', password: DEMO_PASSWORD, loginType: 1 },
  })
  const token = (login.json() as { data: { userToken: string } }).data.userToken
  const api = async (path: string, body?: unknown) => {
    const r = await app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `${R}/${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as object }),
    })
    const j = r.json() as { code: number; msg: string; data: never }
    if (j.code !== 0) throw new Error(`${path}: ${j.msg}`)
    return j.data as {
      schools: { orgId: number; orgName: string; status: string }[]
      progress: { done: number; total: number }
    } & number
  }
  const years = (await api('plan/current')) as unknown as { nextYear: string }
  const planId = await api('plan/create', { toSchoolYear: years.nextYear })
  t = Date.now()
  const plan = await api('plan/detail', { planId })
  const preview = secs(t)
  const big = plan.schools.find((s) => s.orgName.startsWith('规模测试学校'))!.orgId
  t = Date.now()
  await api('plan/school', { planId, orgId: big })
  const previewOne = secs(t)
  await api('plan/approve', { planId })
  // Another user while the run goes on (the issue: "the server answering other users throughout"): a school admin's
  // student list, page 1, every 250 ms, in the same process as the background run.
  const other = await app.inject({
    method: 'POST',
    url: '/base/api/auth/loginByUserPwd',
    payload: { userName: 'xxadmin', password: DEMO_PASSWORD, loginType: 1 },
  })
  const otherToken = (other.json() as { data: { userToken: string } }).data.userToken
  const listTimes = async (ms: number[], until: () => boolean) => {
    while (!until()) {
      const s = performance.now()
      const r = await app.inject({
        method: 'POST',
        url: '/base/api/userInfo/studentInfo/page',
        headers: { authorization: `Bearer ${otherToken}` },
        payload: { pageIndex: 1, pageSize: 10 },
      })
      if ((r.json() as { code: number }).code !== 0) throw new Error(`student list: ${r.body.slice(0, 200)}`)
      ms.push(performance.now() - s)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  const quiet: number[] = []
  const quietEnd = Date.now() + 5000
  await listTimes(quiet, () => Date.now() > quietEnd)
  const during: number[] = []
  let finished = false
  t = Date.now()
  await api('plan/run', { planId })
  const sampling = listTimes(during, () => finished)
  for (;;) {
    const p = await api('plan/detail', { planId })
    if (p.progress.done === p.progress.total || p.schools.every((s) => s.status === 'done' || s.status === 'failed'))
      break
    await new Promise((r) => setTimeout(r, 1000))
  }
  const runAll = secs(t)
  finished = true
  await sampling
  const pct = (xs: number[], q: number) => {
    const a = [...xs].sort((x, y) => x - y)
    return a.length ? a[Math.min(a.length - 1, Math.floor(q * a.length))]!.toFixed(0) : '-'
  }
  const done = await api('plan/detail', { planId })
  const students = await db.platform(async (trx) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM user_info WHERE user_type = 1003`.execute(trx)).rows[0]!.n,
    ),
  )
  t = Date.now()
  await api('plan/undo', { planId, orgId: big })
  const undo = secs(t)
  process.stdout.write(
    [
      `\nroll-over: ${done.schools.length} schools, ${students} students (generated in ${generated} s)`,
      `plan detail with every school's summary (preview): ${preview} s`,
      `one school's full preview: ${previewOne} s`,
      `run of all schools (background): ${runAll} s, done ${done.progress.done}/${done.progress.total}` +
        `, failed ${done.schools.filter((s) => s.status === 'failed').length}`,
      `another user's student list meanwhile: p50 ${pct(during, 0.5)} / p95 ${pct(during, 0.95)} / max ` +
        `${pct(during, 1)} ms over ${during.length} requests (before the run: p50 ${pct(quiet, 0.5)} / p95 ` +
        `${pct(quiet, 0.95)} ms)`,
      `undo of one school (${STUDENTS} students): ${undo} s\n`,
    ].join('\n'),
  )
  await app.close()
} finally {
  await db.close()
  await admin.query(`DROP DATABASE IF EXISTS ${name}`)
  await admin.end()
}
