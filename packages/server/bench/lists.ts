// The people lists of a district-size school (bench/people-scale.ts) under load: page 1 and a deep page of the
// student, teacher and parent lists at 10 connections, beside the signed-in detail read of the same run.
import type { Options, Result } from 'autocannon'
import { Db } from '../src/db/database.js'
import { bureauHeaders, stopServer, warmLoad, type Server } from './lib.js'
import { generateSchool } from './people-scale.js'

const PAGE_SIZE = 10
const LISTS = [
  ['students', '/base/api/userInfo/studentInfo/page'],
  ['teachers', '/base/api/userInfo/teacherInfo/page'],
  ['parents', '/base/api/userInfo/parentBindChild/page'],
] as const

export interface ListRow {
  name: string
  result: Result
}
export interface ListBench {
  rows: number
  /** The generated school (the hub bench reads its directory). */
  tenantId: number
  schoolId: number
  generateSeconds: number
  deepPage: number
  detail: Result
  lists: ListRow[]
}

const envelopeOk = (body: string) => {
  try {
    return (JSON.parse(body) as { code: number }).code === 0
  } catch {
    return false
  }
}

/**
 * Generates the school into the server's database and loads the lists. On PGlite the server holds its data
 * directory alone, so it is stopped for the generation and started again on the same directory.
 */
export async function benchLists(
  server: Server,
  restart: () => Promise<Server>,
  where: { dataDir?: string; databaseUrl?: string },
  rows: number,
  seconds: number,
): Promise<{ bench: ListBench; server: Server }> {
  if (where.dataDir) await stopServer(server.child)
  const db = await Db.open(where)
  const school = await generateSchool(db, { students: rows, parents: rows, staff: rows }).finally(() => db.close())
  if (where.dataDir) server = await restart()

  const headers = await bureauHeaders(server.base)
  const run = (o: Options) => warmLoad(o, 10, seconds)
  const deepPage = Math.floor(rows / PAGE_SIZE / 25) * 10 || 1 // page 4,000 of 100,000
  const detail = await run({
    url: `${server.base}/base/api/account/user/current/detail`,
    headers,
    verifyBody: envelopeOk,
  })
  const lists: ListRow[] = []
  for (const [name, path] of LISTS) {
    for (const page of [1, deepPage]) {
      process.stderr.write(` ${name} p${page}…`)
      const body = JSON.stringify({ orgId: school.orgId, pageIndex: page, pageSize: PAGE_SIZE })
      lists.push({
        name: `${name} page ${page}`,
        result: await run({ url: server.base + path, method: 'POST', headers, body, verifyBody: envelopeOk }),
      })
    }
  }
  return {
    bench: {
      rows,
      tenantId: school.tenantId,
      schoolId: school.orgId,
      generateSeconds: school.seconds,
      deepPage,
      detail,
      lists,
    },
    server,
  }
}

export function formatLists(b: ListBench): string {
  const cells = [['list (10 conns)', 'req/s', 'p99 ms', '÷ detail req/s', 'deep ÷ page 1 p99']]
  cells.push(['user/current/detail', b.detail.requests.average.toFixed(1), String(b.detail.latency.p99), '1.00', ''])
  for (let i = 0; i < b.lists.length; i++) {
    const { name, result: r } = b.lists[i]!
    const first = i % 2 === 1 ? b.lists[i - 1]!.result : null
    cells.push([
      name,
      r.requests.average.toFixed(1),
      String(r.latency.p99),
      (r.requests.average / b.detail.requests.average).toFixed(2),
      first ? (r.latency.p99 / Math.max(first.latency.p99, 1)).toFixed(2) : '',
    ])
  }
  const bad = [b.detail, ...b.lists.map((l) => l.result)].reduce((s, r) => s + r.non2xx + r.mismatches + r.errors, 0)
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)))
  return [
    `\nlists: a school of ${b.rows} students, ${b.rows} parents and ${b.rows} staff generated in ${b.generateSeconds.toFixed(1)} s; page size ${PAGE_SIZE}, deep page ${b.deepPage}`,
    ...cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')),
    ...(bad ? [`WARNING: ${bad} failed list requests`] : []),
  ].join('\n')
}
