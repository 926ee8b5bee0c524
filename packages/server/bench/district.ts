// A district of 300 schools with 1,000,000 students and their parents (bench/people-scale.ts), then the lists a
// bureau and a school meet at that size at 10 connections: a school's student list (page 1, its last page, a
// keyword), and the bureau's people search over every school (page 1, page 2,000, a keyword).
// `BENCH_DISTRICT_STUDENTS=1000000 npm run bench` (0, the default, skips it: generating takes minutes).
import type { Options, Result } from 'autocannon'
import { sql } from 'kysely'
import { Db } from '../src/db/database.js'
import { benchHub, formatHub, type HubBench } from './hub.js'
import { bureauHeaders, stopServer, warmLoad, type Server } from './lib.js'
import { generateSchool } from './people-scale.js'

const SCHOOLS = 300
const STAFF_PER_SCHOOL = 100
const PAGE_SIZE = 10

export interface DistrictRow {
  name: string
  result: Result
  pairedWith?: number
}
export interface DistrictBench {
  students: number
  schools: number
  generateSeconds: number
  rows: DistrictRow[]
  /** The identity hub's directory over the whole district (1,000 students a page). */
  directory: HubBench
}

const envelopeOk = (body: string) => {
  try {
    return (JSON.parse(body) as { code: number }).code === 0
  } catch {
    return false
  }
}

export async function benchDistrict(
  server: Server,
  restart: () => Promise<Server>,
  where: { dataDir?: string; databaseUrl?: string },
  students: number,
  seconds: number,
): Promise<{ bench: DistrictBench; server: Server }> {
  const started = Date.now()
  if (where.dataDir) await stopServer(server.child)
  const db = await Db.open(where)
  const per = Math.ceil(students / SCHOOLS)
  let first = 0
  let middle = 0
  let tenantId = 0
  try {
    for (let i = 0; i < SCHOOLS; i++) {
      const s = await generateSchool(db, { students: per, parents: per, staff: STAFF_PER_SCHOOL }, { vacuum: false })
      if (i === 0) ({ orgId: first, tenantId } = s)
      if (i === SCHOOLS / 2) middle = s.orgId
      if (i % 30 === 29) process.stderr.write(` ${i + 1}`)
    }
    await sql`VACUUM ANALYZE`.execute(db.kysely)
  } finally {
    await db.close()
  }
  const generateSeconds = (Date.now() - started) / 1000
  if (where.dataDir) server = await restart()

  const headers = await bureauHeaders(server.base)
  const run = (o: Options) => warmLoad(o, 10, seconds)
  const post = (path: string, body: Record<string, unknown>): Options => ({
    url: server.base + path,
    method: 'POST',
    headers,
    body: JSON.stringify({ pageSize: PAGE_SIZE, ...body }),
    verifyBody: envelopeOk,
  })
  const lastPage = Math.ceil(per / PAGE_SIZE)
  const plan: [string, Options, number?][] = [
    ['school students page 1', post('/base/api/userInfo/studentInfo/page', { orgId: first, pageIndex: 1 })],
    [
      `school students page ${lastPage}`,
      post('/base/api/userInfo/studentInfo/page', { orgId: first, pageIndex: lastPage }),
      0,
    ],
    [
      'school students keyword',
      post('/base/api/userInfo/studentInfo/page', { orgId: first, pageIndex: 1, keyword: '学生123' }),
    ],
    ['people search page 1', post('/base/api/userInfo/searchPerson/page', { pageIndex: 1 })],
    ['people search page 2000', post('/base/api/userInfo/searchPerson/page', { pageIndex: 2000 }), 3],
    ['people search keyword', post('/base/api/userInfo/searchPerson/page', { pageIndex: 1, keyword: '家长2345' })],
    ['people search school filter', post('/base/api/userInfo/searchPerson/page', { pageIndex: 1, orgId: middle })],
    [
      `people search school filter page ${lastPage}`,
      post('/base/api/userInfo/searchPerson/page', { pageIndex: lastPage, orgId: middle }),
      6,
    ],
  ]
  const rows: DistrictRow[] = []
  for (const [name, o, pairedWith] of plan) {
    process.stderr.write(` ${name}…`)
    rows.push({ name, result: await run(o), pairedWith })
  }
  const directory = await benchHub(server.base, tenantId, null, per * SCHOOLS, seconds, {
    appName: '压测应用（全区目录）',
    maxDeep: 50,
  })
  return { bench: { students: per * SCHOOLS, schools: SCHOOLS, generateSeconds, rows, directory }, server }
}

export function formatDistrict(b: DistrictBench): string {
  // autocannon keeps no p95: p97.5 is the figure at or above it that the targets (p95) are read against.
  const cells = [['district (10 conns)', 'req/s', 'p90 ms', 'p97.5 ms', 'p99 ms', 'deep ÷ page 1 p99']]
  for (const r of b.rows) {
    const base = r.pairedWith === undefined ? null : b.rows[r.pairedWith]!.result
    cells.push([
      r.name,
      r.result.requests.average.toFixed(1),
      String(r.result.latency.p90),
      String(r.result.latency.p97_5),
      String(r.result.latency.p99),
      base ? (r.result.latency.p99 / Math.max(base.latency.p99, 1)).toFixed(2) : '',
    ])
  }
  const bad = b.rows.reduce((s, r) => s + r.result.non2xx + r.result.mismatches + r.result.errors, 0)
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)))
  return [
    `\ndistrict: ${b.schools} schools, ${b.students} students, as many parents and ${STAFF_PER_SCHOOL} staff a school, generated in ${b.generateSeconds.toFixed(0)} s; page size ${PAGE_SIZE}`,
    ...cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')),
    ...(bad ? [`WARNING: ${bad} failed district requests`] : []),
    formatHub(b.directory, `identity hub directory over the whole district (${b.students} students)`),
  ].join('\n')
}
