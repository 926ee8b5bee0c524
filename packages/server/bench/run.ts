// `npm run bench`: our server against a bare Fastify + driver baseline (bench/baseline.ts), each in its own
// child process, loaded one run at a time with autocannon from this process. Prints req/s, p99 and ours/bare.
// Then imports BENCH_IMPORT_ROWS students (default 100000; 0 skips) from a real .xlsx and exports them again.
// Then a real sign-in in headless Chromium, 登录 to a settled /portal/home, with its API calls (BENCH_SIGNIN=0 skips).
// Then Lighthouse's performance score of the signed-in /portal/home, the parent's /mobile/home and the login page,
// the median of BENCH_LIGHTHOUSE_RUNS (default 3) runs per preset (BENCH_LIGHTHOUSE=0 skips; `npm run bench:lighthouse`
// runs only this part, bench/lighthouse-only.ts).
// Then the people lists of a generated 100,000-member school (BENCH_LIST_ROWS, default 100000; 0 skips), and of a
// district of 300 schools (BENCH_DISTRICT_STUDENTS, e.g. 1000000; 0, the default, skips).
// With the lists' school: the identity hub's token endpoint and a 1,000-student directory page (BENCH_HUB=0 skips).
// Then, on PostgreSQL, the school-year roll-over of BENCH_ROLLOVER_SCHOOLS generated schools (0, the default, skips).
// Env: BENCH_SECONDS (default 10), DATABASE_URL (PostgreSQL instead of a fresh PGlite per server), BENCH_DB=postgres
// (a throwaway PostgreSQL server, made and removed by the bench).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { OperationType } from '@zhixiao/shared'
import type { Options, Result } from 'autocannon'
import { benchImport, type ImportBenchResult } from './import.js'
import { benchLighthousePages, formatLighthouse, type LighthousePage } from './lighthouse.js'
import { load, postJson, startServer, stopAll, stopServer } from './lib.js'
import { benchDistrict, formatDistrict, type DistrictBench } from './district.js'
import { benchHub, formatHub, type HubBench } from './hub.js'
import { benchLists, formatLists, type ListBench } from './lists.js'
import { startThrowawayPostgres, type ThrowawayPostgres } from './postgres.js'
import { benchSignIn, formatSignIn, type SignInRun } from './sign-in.js'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const lighthouseOn = process.env.BENCH_LIGHTHOUSE !== '0'
const signInOn = process.env.BENCH_SIGNIN !== '0'
const listRows = Number(process.env.BENCH_LIST_ROWS ?? 100_000)
const districtStudents = Number(process.env.BENCH_DISTRICT_STUDENTS ?? 0)
const hubOn = process.env.BENCH_HUB !== '0'
const rolloverSchools = Number(process.env.BENCH_ROLLOVER_SCHOOLS ?? 0)
// BENCH_DB=postgres: the whole bench on a throwaway PostgreSQL server (as .ci/run makes one), unless DATABASE_URL names one.
let throwaway: ThrowawayPostgres | undefined
if (process.env.BENCH_DB === 'postgres' && !process.env.DATABASE_URL) {
  throwaway = await startThrowawayPostgres()
  process.env.DATABASE_URL = throwaway.url // the servers started below inherit it
}
const databaseUrl = process.env.DATABASE_URL || undefined
const LOGIN = { userName: 'zhanglaoshi', password: 'Demo@2026', loginType: 1 }
// Both servers hash with the default (OWASP) Argon2id parameters: PASSWORD_MEMORY_KIB and PASSWORD_TIME_COST unset.
const LOGIN_ROW = 'login (argon2id m=19 MiB t=2 p=1)'
const LOGIN_USERS = ['zhanglaoshi', 'jyjstaff', 'jyjadmin', 'xxadmin', 'zhaolaoshi', 'xiaoming', 'xiaomingmama']
const tempDirs: string[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-'))
  tempDirs.push(d)
  return d
}

interface Scenario {
  name: string
  connections: number
  ours: Options
  bare: Options
}
interface Row {
  scenario: Scenario
  ours: Result
  bare: Result
}

/** Our API answers 200 with {code, msg, data} even for a refused login, so the body is checked too. */
const envelopeOk = (body: string) => {
  try {
    return (JSON.parse(body) as { code: number }).code === 0
  } catch {
    return false
  }
}
const loginOk = (body: string) => {
  try {
    return (JSON.parse(body) as { data?: { operationType?: number } }).data?.operationType === OperationType.SUCCESS
  } catch {
    return false
  }
}

async function main(): Promise<number> {
  const oursEnv = { SEED_DEMO: '1', ...(databaseUrl ? {} : { DATA_DIR: tempDir() }) }
  // PGlite allows one process per data directory: the baseline gets its own directory, seeded the same way by
  // starting our server on it once (in parallel with the measured one) and stopping it.
  const bareDir = databaseUrl ? undefined : tempDir()
  const startOurs = () =>
    startServer('our server', 'packages/server/src/main.ts', oursEnv, '/base/api/tenant/getLoginInfo')
  // eslint-disable-next-line prefer-const -- the list bench restarts it on PGlite
  let [ours, seeder] = await Promise.all([
    startOurs(),
    bareDir
      ? startServer(
          'seeding run',
          'packages/server/src/main.ts',
          { SEED_DEMO: '1', DATA_DIR: bareDir },
          '/base/api/tenant/getLoginInfo',
        )
      : undefined,
  ])
  if (seeder) await stopServer(seeder.child)
  // The baseline has no ready route: any HTTP answer (401 here) means it is listening.
  const bare = await startServer(
    'baseline',
    'packages/server/bench/baseline.ts',
    bareDir ? { DATA_DIR: bareDir } : {},
    '/detail',
    (s) => s < 500,
  )

  const first = await postJson<{ msg: string; data: { userToken?: string } }>(
    `${ours.base}/base/api/auth/loginByUserPwd`,
    LOGIN,
  )
  const ourToken = first.data.userToken
  if (!ourToken)
    throw new Error(
      `login as ${LOGIN.userName} failed (${first.msg}); the database needs the demo seed (SEED_DEMO on a fresh database)`,
    )
  const bareToken = (await postJson<{ token: string }>(`${bare.base}/login`, LOGIN)).token
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LOGIN) } as const
  // More than 3 simultaneous sign-ins of one account ask the later ones for an image code (docs/auth.md), so the
  // login load takes the demo accounts that land directly in turn, on both servers.
  let turn = 0
  const rotating = {
    ...post,
    requests: [
      {
        setupRequest: (req: { body?: string }) => ({
          ...req,
          body: JSON.stringify({ ...LOGIN, userName: LOGIN_USERS[turn++ % LOGIN_USERS.length] }),
        }),
      },
    ],
  }
  const scenarios: Scenario[] = [
    {
      name: LOGIN_ROW,
      connections: 4,
      ours: { url: `${ours.base}/base/api/auth/loginByUserPwd`, ...rotating, verifyBody: loginOk },
      bare: { url: `${bare.base}/login`, ...rotating },
    },
    {
      name: 'user/current/detail',
      connections: 10,
      ours: {
        url: `${ours.base}/base/api/account/user/current/detail`,
        headers: { authorization: `Bearer ${ourToken}` },
        verifyBody: envelopeOk,
      },
      bare: { url: `${bare.base}/detail`, headers: { authorization: `Bearer ${bareToken}` } },
    },
  ]

  const rows: Row[] = []
  for (const s of scenarios) {
    const run = async (o: Options) => {
      await load({ ...o, connections: s.connections, duration: 1 }) // warm-up (JIT, caches), not counted
      return load({ ...o, connections: s.connections, duration: seconds })
    }
    process.stderr.write(`running ${s.name}: ours…`)
    const o = await run(s.ours)
    process.stderr.write(' bare…')
    const b = await run(s.bare)
    process.stderr.write(' done\n')
    rows.push({ scenario: s, ours: o, bare: b })
  }
  await stopServer(bare.child)
  // Before the import, so the pages are measured on an idle server.
  let signIns: SignInRun[] | null = null
  if (signInOn) {
    process.stderr.write('running sign-ins in Chromium…')
    signIns = await benchSignIn(ours.base)
    process.stderr.write(' done\n')
  }
  let lighthouseRuns: LighthousePage[] | null = null
  if (lighthouseOn) {
    lighthouseRuns = await benchLighthousePages(ours.base)
  }
  let imported: ImportBenchResult | null = null
  if (importRows > 0) {
    process.stderr.write(`running import of ${importRows} students…`)
    imported = await benchImport(ours.base, ours.child.pid!, importRows)
    process.stderr.write(' done\n')
  }
  let lists: ListBench | null = null
  if (listRows > 0) {
    process.stderr.write(`running lists of a ${listRows}-student school:`)
    const where = databaseUrl ? { databaseUrl } : { dataDir: oursEnv.DATA_DIR }
    const done = await benchLists(ours, startOurs, where, listRows, seconds)
    ours = done.server
    lists = done.bench
    process.stderr.write(' done\n')
  }
  let hub: HubBench | null = null
  if (hubOn && lists) {
    process.stderr.write('running the identity hub:')
    hub = await benchHub(ours.base, lists.tenantId, lists.schoolId, lists.rows, seconds)
    process.stderr.write(' done\n')
  }
  let district: DistrictBench | null = null
  if (districtStudents > 0) {
    process.stderr.write(`running a district of ${districtStudents} students: generating schools`)
    const where = databaseUrl ? { databaseUrl } : { dataDir: oursEnv.DATA_DIR }
    const done = await benchDistrict(ours, startOurs, where, districtStudents, seconds)
    ours = done.server
    district = done.bench
    process.stderr.write(' done\n')
  }
  // The school-year roll-over at district size (bench/rollover.ts; docs/performance.md): PostgreSQL only, in a
  // database of its own beside the bench's; its figures print here, before the report.
  if (rolloverSchools > 0) {
    if (!databaseUrl)
      process.stderr.write('roll-over skipped: it needs PostgreSQL (BENCH_DB=postgres or DATABASE_URL)\n')
    else {
      process.stderr.write(`running the roll-over of ${rolloverSchools} generated schools:`)
      const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'rollover.ts')
      const r = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'inherit', 'inherit'] })
      if (r.status !== 0) throw new Error(`the roll-over bench failed (exit ${r.status})`)
    }
  }
  return report(rows, [ours.output(), bare.output()], imported, lighthouseRuns, signIns, lists, district, hub)
}

function report(
  rows: Row[],
  outputs: string[],
  imported: ImportBenchResult | null,
  lighthouseRuns: LighthousePage[] | null,
  signIns: SignInRun[] | null,
  lists: ListBench | null,
  district: DistrictBench | null,
  hub: HubBench | null,
): number {
  const cells = [
    [
      'scenario',
      'conns',
      'ours req/s',
      'ours p99 ms',
      'bare req/s',
      'bare p99 ms',
      'ours/bare',
      'non-2xx o/b',
      'bad body o/b',
      'errors o/b',
    ],
  ]
  let bad = 0
  for (const { scenario: s, ours: o, bare: b } of rows) {
    bad += o.non2xx + b.non2xx + o.mismatches + b.mismatches + o.errors + b.errors
    cells.push([
      s.name,
      String(s.connections),
      o.requests.average.toFixed(1),
      String(o.latency.p99),
      b.requests.average.toFixed(1),
      String(b.latency.p99),
      (o.requests.average / b.requests.average).toFixed(2),
      `${o.non2xx}/${b.non2xx}`,
      `${o.mismatches}/${b.mismatches}`,
      `${o.errors}/${b.errors}` + (o.timeouts + b.timeouts ? ` (${o.timeouts}/${b.timeouts} timeouts)` : ''),
    ])
  }
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)))
  const db = throwaway
    ? `PostgreSQL ${throwaway.version}, a throwaway server (BENCH_DB=postgres; both servers on it, pg.Pool max 10 each)`
    : databaseUrl
      ? 'PostgreSQL from DATABASE_URL (both servers on it, pg.Pool max 10 each; bench sessions stay there)'
      : 'PGlite, a fresh seeded data dir per server'
  console.log(
    `\nbench: ${seconds} s per run after 1 s warm-up, database ${db}, ${os.cpus().length} CPUs, Node ${process.version}`,
  )
  for (const r of cells)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
  console.log(
    'ours = the real server (envelope, zod validation + serialisation, auth hook, tenant transaction as zx_app under',
  )
  console.log(
    '       row-level security, login limits and login log); bare = Fastify + driver + the same SQL strings as the',
  )
  console.log(
    '       owner, no transactions or SET ROLE zx_app, so no RLS (PGlite: superuser; PostgreSQL: superuser, or the',
  )
  console.log(
    '       zx_platform role whose policy passes every row); its login skips the login log, limits and account reset write.',
  )
  console.log('One run on loopback with the load generator on the same machine: compare ratios, not absolute numbers.')
  const loginRow = rows.find((r) => r.scenario.name === LOGIN_ROW)
  if (loginRow) {
    // Signed-in answers only (ours: operationType 5; bare: 2xx) per second of the measured run.
    const perSecond = (r: Result) => (r.requests.total - r.non2xx - r.mismatches) / seconds
    console.log(
      `logins/s: ours ${perSecond(loginRow.ours).toFixed(1)}, bare ${perSecond(loginRow.bare).toFixed(1)} (${loginRow.scenario.connections} connections, ${os.cpus().length} CPUs)`,
    )
  }
  if (signIns) console.log(formatSignIn(signIns))
  for (const l of lighthouseRuns ?? []) console.log(formatLighthouse(l.route, l.presets, l.who))
  if (imported) {
    const i = imported
    console.log(
      `\nimport: ${i.rows} students from a ${i.fileMb.toFixed(1)} MB .xlsx in ${i.importSeconds.toFixed(1)} s = ${i.importRowsPerSecond.toFixed(0)} rows/s (upload to done, polled like the panel), ${i.failed} rejected`,
    )
    console.log(
      `export: the same ${i.rows} streamed back in ${i.exportSeconds.toFixed(1)} s = ${i.exportRowsPerSecond.toFixed(0)} rows/s`,
    )
    console.log(
      `server RSS: ${i.rssBeforeMb.toFixed(0)} MB before, peak ${i.rssPeakImportMb.toFixed(0)} MB during the import, peak ${i.rssPeakExportMb.toFixed(0)} MB during the export`,
    )
    if (i.failed) bad += i.failed
  }
  if (lists) {
    console.log(formatLists(lists))
    bad += [lists.detail, ...lists.lists.map((l) => l.result)].reduce(
      (s, r) => s + r.non2xx + r.mismatches + r.errors,
      0,
    )
  }
  if (hub) {
    console.log(formatHub(hub))
    bad += [hub.token, hub.firstPage, hub.deepPage, hub.deltaPage].reduce(
      (s, r) => s + r.non2xx + r.mismatches + r.errors,
      0,
    )
  }
  if (district) {
    console.log(formatDistrict(district))
    bad += district.rows.reduce((s, r) => s + r.result.non2xx + r.result.mismatches + r.result.errors, 0)
    const d = district.directory
    bad += [d.token, d.firstPage, d.deepPage, d.deltaPage].reduce((s, r) => s + r.non2xx + r.mismatches + r.errors, 0)
  }
  if (bad) {
    console.log(`WARNING: ${bad} non-2xx responses, failed bodies or connection errors; every request should succeed.`)
    const logs = outputs.filter((t) => t.trim())
    if (logs.length) console.log(`server output:\n${logs.join('\n')}`)
    return 1
  }
  return 0
}

let cleaning: Promise<void> | undefined
function cleanup(): Promise<void> {
  cleaning ??= stopAll().then(() => {
    for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true })
    throwaway?.stop()
  })
  return cleaning
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void cleanup().then(() => process.exit(130))
  })
}

try {
  process.exitCode = await main()
} catch (e) {
  console.error(`bench failed: ${e instanceof Error ? e.message : String(e)}`)
  process.exitCode = 1
} finally {
  await cleanup()
}
