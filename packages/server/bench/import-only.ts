// Profiling aid (issue 28): the import bench alone, on a throwaway PostgreSQL (BENCH_DB=postgres) or a fresh PGlite,
// with the server optionally under --cpu-prof (BENCH_CPU_PROF=<dir>). Prints the ImportBenchResult as JSON.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pgLib from 'pg'
import { benchImport } from './import.js'
import { startServer, stopServer } from './lib.js'
import { startThrowawayPostgres } from './postgres.js'

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const pg = process.env.BENCH_DB === 'postgres' ? await startThrowawayPostgres() : null
const prof = process.env.BENCH_CPU_PROF
// BENCH_PG_LOG=<file>: PostgreSQL logs every statement over 5 ms with its duration; the log is copied there at the end.
const pgLog = pg && process.env.BENCH_PG_LOG
let dataDir = ''
if (pgLog) {
  const c = new pgLib.Client({ connectionString: pg.url })
  await c.connect()
  await c.query(`ALTER SYSTEM SET log_min_duration_statement = 5`)
  await c.query(`SELECT pg_reload_conf()`)
  dataDir = (await c.query<{ d: string }>(`SELECT current_setting('data_directory') AS d`)).rows[0]!.d
  await c.end()
}
const env: Record<string, string> = {
  SEED_DEMO: '1',
  ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'zx-imp-')) }),
}
const nodeArgs = prof ? ['--import', fileURLToPath(new URL('./cpu-profile-preload.mjs', import.meta.url))] : []
if (prof) env.ZX_PROF_OUT = prof
try {
  const server = await startServer(
    'server',
    'packages/server/src/main.ts',
    env,
    '/base/api/tenant/getLoginInfo',
    undefined,
    nodeArgs,
  )
  try {
    // Each mark writes the profile since the last one (1: seed, 2: import, 3: lifting the limit + export).
    const mark = async () => {
      if (!prof) return
      server.child.kill('SIGUSR2')
      await new Promise((res) => setTimeout(res, 3000))
    }
    const r = await benchImport(server.base, server.child.pid!, rows, mark)
    process.stdout.write(`${JSON.stringify({ load: os.loadavg(), ...r })}\n`)
  } finally {
    await stopServer(server.child)
  }
} finally {
  if (pgLog) fs.copyFileSync(path.join(dataDir, 'server.log'), pgLog)
  pg?.stop()
}
