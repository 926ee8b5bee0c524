import { randomBytes } from 'node:crypto'
import { ErrorCode, ImportStatus, Msg } from '@zhixiao/shared'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Db } from '../src/db/database.js'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import {
  adminQuery,
  api,
  scratchDatabase,
  signIn,
  startServer,
  uploadTo,
  waitFor,
  type Answer,
  type Proc,
} from './server-process.js'
import { directUrl, withDatabase } from './db-server.js'
import { xlsx } from './xlsx.js'

// The database going away under a running server (docs/deploy.md "When the database goes away"): a real process on a
// database of its own, whose connections are ended from outside as a PostgreSQL restart, a failover, PgBouncer or
// idle_session_timeout end them. Only that database is touched (the PostgreSQL server is shared by the whole pass):
// it refuses new connections (ALLOW_CONNECTIONS false) and every backend of it is terminated. Only where a
// PostgreSQL server is given (CI's second pass). Both run on the server directly, not through the PgBouncer of CI's
// pass (test/db-server.ts): they are about the product's own connections to PostgreSQL ending, which a pooler in
// between would absorb (it drops the dead server connection and keeps the client's).
const serverUrl = directUrl()
const LEVEL_ADD = '/base/api/eduarea/level/add'
const S = '/base/api/userInfo/studentInfo'
const L = '/base/api/commonImportLog'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.skipIf(!serverUrl)('the database going away under a running server (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>
  let p: Proc
  let admin = ''
  /** The server's log lines (JSON, LOG_LEVEL=warn) with this message. */
  const logged = (msg: string) =>
    p
      .out()
      .split('\n')
      .filter((l) => l.includes(`"msg":"${msg}`)).length
  const backends = (where = '', values: unknown[] = []) =>
    adminQuery<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 ${where}`, [db.name, ...values])
  const terminate = async (pids: number[]) => {
    await adminQuery('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids])
    await waitFor(
      () => backends('AND pid = ANY($2)', [pids]),
      (rows) => rows.length === 0,
      10_000,
    )
  }
  /** The database refuses every connection while `during` runs: new ones are refused and the open ones are ended. */
  async function away(during: () => Promise<void>): Promise<void> {
    await adminQuery(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS false`)
    try {
      await terminate((await backends()).map((r) => r.pid))
      await during()
    } finally {
      await adminQuery(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS true`)
    }
  }
  const alive = () => expect(p.child.exitCode, p.out()).toBeNull()

  beforeAll(async () => {
    db = await scratchDatabase('zx_fault')
    p = await startServer(db.directUrl) // migrates and seeds the demo district
    const r = await signIn(p, 'administrator', 'Admin@2026')
    admin = r.data?.userToken
    expect(admin, JSON.stringify(r)).toBeTruthy()
  }, 300_000)
  afterAll(async () => {
    if (p?.child.exitCode === null) p.child.kill('SIGKILL')
    await db?.drop()
  })

  it('idle connections the server ends are dropped by the pool and logged: the process stays up and the next requests succeed', async () => {
    // Requests at once, so the pool holds several connections.
    await Promise.all(
      Array.from({ length: 6 }, () => api(p, '/base/api/account/user/current/detail', undefined, admin)),
    )
    const idle = (await backends("AND state = 'idle'")).map((r) => r.pid)
    expect(idle.length).toBeGreaterThan(0)
    const before = logged('database connection lost')
    await terminate(idle)
    // Each ended connection is noticed and logged at warn (not the process's end): then the pool holds none of them.
    await waitFor(
      async () => logged('database connection lost'),
      (n) => n >= before + idle.length,
      10_000,
    )
    alive()
    expect((await api(p, '/base/api/account/user/current/detail', undefined, admin)).data.userName).toBe(
      'administrator',
    )
    const r = await api(p, LEVEL_ADD, { name: '断连后新增', sort: 1 }, admin)
    expect(r, JSON.stringify(r)).toMatchObject({ status: 200, code: 0 })
    alive()
  }, 60_000)

  it('under a stream of writes: while the database is away requests are answered 503 服务器异常，请稍后再试, afterwards they succeed by themselves, and every acknowledged write is kept', async () => {
    type Result = { name: string; phase: 'before' | 'away' | 'after'; status: number; code: number; msg: string }
    const results: Result[] = []
    let phase: Result['phase'] = 'before'
    let stop = false
    let sent = 0
    const count = (ph: Result['phase'], ok: boolean) =>
      results.filter((r) => r.phase === ph && (r.code === 0) === ok).length
    // Three writers, each write with its own time limit; at most 3000 writes in all.
    const writer = async (w: number) => {
      while (!stop && sent < 3000) {
        const name = `断库${w}-${sent++}`
        const at = phase
        const r: Answer | null = await api(p, LEVEL_ADD, { name, sort: 1 }, admin, 20_000).catch((e: unknown) => ({
          status: 0,
          code: -1,
          msg: String(e),
          data: null,
        }))
        results.push({ name, phase: at, status: r.status, code: r.code, msg: r.msg })
        await sleep(10)
      }
    }
    const writers = [0, 1, 2].map(writer)
    try {
      await waitFor(
        async () => count('before', true),
        (n) => n >= 10,
        30_000,
      )
      await away(async () => {
        phase = 'away'
        await waitFor(
          async () => count('away', false),
          (n) => n >= 10,
          30_000,
        )
        alive()
      })
      phase = 'after'
      await waitFor(
        async () => count('after', true),
        (n) => n >= 10,
        30_000,
      )
    } finally {
      stop = true
      await Promise.all(writers)
    }
    alive()
    // Every answer is a success or the clean 503: no 500, no hung or dropped request.
    const odd = results.filter(
      (r) =>
        !(r.status === 200 && r.code === 0) &&
        !(r.status === 503 && r.code === ErrorCode.SERVICE_UNAVAILABLE && r.msg === Msg.SERVER_ERROR),
    )
    expect(odd).toEqual([])
    // Writes sent once the database was open again, after the first that succeeded, all succeeded.
    const after = results.filter((r) => r.phase === 'after')
    const firstOk = after.findIndex((r) => r.code === 0)
    expect(after.slice(firstOk).filter((r) => r.code !== 0)).toEqual([])
    // No acknowledged write is lost. (A 503 write may or may not be there: its COMMIT may have been lost.)
    const acked = results.filter((r) => r.code === 0).map((r) => r.name)
    const kept = await adminQuery<{ name: string }>(
      'SELECT name FROM admin_level WHERE name = ANY($1)',
      [acked],
      db.directUrl,
    )
    expect(kept.map((r) => r.name).sort()).toEqual([...acked].sort())
    expect((await api(p, '/base/api/account/user/current/detail', undefined, admin)).data.userName).toBe(
      'administrator',
    )
  }, 150_000)

  /** Uploads `n` students named `prefix…` as the demo school's admin and waits until the first batch has committed. */
  async function runningImport(prefix: string, n: number) {
    const token = (await signIn(p, 'xxadmin', 'Demo@2026')).data.userToken as string
    const rows = Array.from({ length: n }, (_, i) => [
      `${prefix}${i}`,
      `${prefix}${String(i).padStart(6, '0')}`,
      '三年级',
      '(2)班',
    ])
    const id = await uploadTo(
      p,
      `${S}/importExcel`,
      token,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        rows,
      ),
    )
    await waitFor(
      () => api(p, `${L}/log/detail?id=${id}`, undefined, token),
      (r) => r.data?.processedCount >= 500,
      120_000,
    )
    const waits = () => logged(`import job ${id} waits for the database`)
    const finished = async () => {
      // The process looks for work every 5 s: the job resumes by itself, after its last committed batch.
      const job = await waitFor(
        () => api(p, `${L}/log/detail?id=${id}`, undefined, token),
        (r) => r.data?.status >= ImportStatus.DONE,
        150_000,
      )
      expect(job.data, p.out().slice(-3000)).toMatchObject({
        status: ImportStatus.DONE,
        processedCount: n,
        successCount: n,
        failCount: 0,
      })
      expect((await api(p, `${S}/page`, { keyword: prefix, pageSize: 1 }, token)).data.total).toBe(n)
    }
    return { waits, finished }
  }

  it('an import batch whose connection is ended under it does not fail the job: it resumes after its last committed batch with every row once', async () => {
    const job = await runningImport('断连导入', 6000)
    // End the connections of transactions in flight (the database stays open) until the runner's batch was among them:
    // a busy backend may also be a request's or the heartbeat's, and ending only those leaves the batch untouched.
    await waitFor(
      async () => {
        const busy = (await backends("AND state <> 'idle'")).map((r) => r.pid)
        if (busy.length) await terminate(busy)
        return job.waits()
      },
      (n) => n > 0,
      30_000,
    )
    await job.finished()
    expect(job.waits()).toBeGreaterThanOrEqual(1) // the batch was hit, and the job waited rather than failed
    alive()
  }, 300_000)

  it('an import job running when the database goes away waits for it, then resumes after its last committed batch with every row once', async () => {
    const job = await runningImport('断库导入', 6000)
    await away(async () => {
      // The runner's next batch finds no database: the job is left claimed and unfinished.
      await waitFor(
        async () => job.waits(),
        (n) => n >= 1,
        20_000,
      )
      // Away for longer than the process's 5-second look for work (app.ts), which finds no database either: it stays up.
      await sleep(6000)
      alive()
    })
    await job.finished()
    alive()
  }, 300_000)
})

describe.skipIf(!serverUrl)('closing a PostgreSQL database handle', () => {
  it('close() returns once its connections have ended, so a database dropped right after (as the tests drop theirs) kills none under it', async () => {
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    let lost = 0
    try {
      for (let i = 0; i < 5; i++) {
        const name = `zx_close_${randomBytes(5).toString('hex')}`
        await admin.query(`CREATE DATABASE ${name}`)
        const d = await Db.open({ databaseUrl: withDatabase(serverUrl!, name) })
        d.onConnectionLost(() => lost++)
        await Promise.all(Array.from({ length: 8 }, () => sql`SELECT pg_sleep(0.01)`.execute(d.kysely)))
        await d.close()
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
      }
    } finally {
      await admin.end()
    }
    await sleep(200) // a terminated backend's last word, had there been one, is read by then
    expect(lost).toBe(0)
  }, 60_000)
})
