import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { ImportStatus, OperationType } from '@zhixiao/shared'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../src/config.js'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import { xlsx } from './xlsx.js'

// Two server processes on one PostgreSQL (docs/deploy.md): sessions, login limits and import jobs are in the
// database, so either process serves any user; an import job is run by one process and, if that process dies,
// resumed by the other. Real processes, real HTTP; only where a PostgreSQL server is given (CI's second pass).
const serverUrl = process.env.TEST_DATABASE_URL
const S = '/base/api/userInfo/studentInfo'
const L = '/base/api/commonImportLog'
// A call the server never answers fails the test with an error instead of holding it to vitest's limit.
const HTTP_TIMEOUT_MS = 30_000

interface Proc { base: string; child: ChildProcess; out: () => string }
let dbName = ''
let dbUrl = ''
const procs: Proc[] = []

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

async function startProcess(): Promise<Proc> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'],
    // A cheap password hash for the seed; a killed runner's job is taken over after 2 s without a heartbeat.
    env: { ...process.env, DATABASE_URL: dbUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: '1', PASSWORD_MEMORY_KIB: '64', PASSWORD_TIME_COST: '1', IMPORT_STALE_SECONDS: '2' },
  })
  let out = ''
  child.stdout?.on('data', (d) => { out += d })
  child.stderr?.on('data', (d) => { out += d })
  const p: Proc = { base: `http://127.0.0.1:${port}`, child, out: () => out }
  procs.push(p)
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`)
    try { if ((await fetch(`${p.base}/base/api/tenant/getLoginInfo`, { signal: AbortSignal.timeout(5_000) })).ok) return p } catch { /* not up yet */ }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call reads its own shape of data
async function api(p: Proc, path: string, body?: unknown, token?: string): Promise<{ code: number; msg: string; data: any }> {
  const res = await fetch(p.base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  })
  return res.json() as never
}
const signIn = (p: Proc, userName: string, password: string) => api(p, '/base/api/auth/loginByUserPwd', { userName, password, loginType: 1 })

async function uploadTo(p: Proc, token: string, file: Buffer): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)]), 'students.xlsx')
  const res = await fetch(`${p.base}${S}/importExcel`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) })
  const j = (await res.json()) as { code: number; msg: string; data: { importLogId: number } }
  expect(j.code, j.msg).toBe(0)
  return j.data.importLogId
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v)) return v
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const students = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix}${String(i).padStart(6, '0')}`, '三年级', '(2)班'])

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL', () => {
  let a: Proc
  let b: Proc
  beforeAll(async () => {
    dbName = `zx_multi_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName}`)
    await admin.end()
    const u = new URL(serverUrl!)
    u.pathname = `/${dbName}`
    dbUrl = u.toString()
    a = await startProcess() // migrates and seeds the demo district
    b = await startProcess()
  }, 300_000)
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL')
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
    await admin.end()
  })

  it('a session made on one process works on the other, and a sign-out on one ends it on both', async () => {
    const token = (await signIn(a, 'zhanglaoshi', 'Demo@2026')).data.userToken
    expect(token).toBeTruthy()
    expect((await api(b, '/base/api/account/user/current/detail', undefined, token)).data.userName).toBe('zhanglaoshi')
    await api(b, '/base/api/auth/logout', {}, token)
    expect((await api(a, '/base/api/account/user/current/detail', undefined, token)).code).not.toBe(0)
  })

  it('wrong passwords count across both: three on alternating processes, and the fourth anywhere asks for the image code', async () => {
    for (const p of [a, b, a]) expect((await signIn(p, 'jyjstaff', 'wrong-1')).data.operationType).not.toBe(OperationType.SUCCESS)
    expect((await signIn(b, 'jyjstaff', 'wrong-1')).data.operationType).toBe(OperationType.NEED_CAPTCHA)
    expect((await signIn(a, 'jyjstaff', 'Demo@2026')).data.operationType).toBe(OperationType.NEED_CAPTCHA)
  })

  it('an import job is run by exactly one process: while one runs it, the other looking for work takes the next job', async () => {
    const token = (await signIn(b, 'xxadmin', 'Demo@2026')).data.userToken
    const big = await uploadTo(a, token, await xlsx(STUDENT_COLUMNS.map((c) => c.header), students('双进程', 10000)))
    // An upload makes its process look for work at once: b now looks while a runs the first job.
    const small = await uploadTo(b, token, await xlsx(STUDENT_COLUMNS.map((c) => c.header), students('双进程小', 20)))
    for (const [id, n] of [[big, 10000], [small, 20]] as const) {
      const job = await waitFor(() => api(b, `${L}/log/detail?id=${id}`, undefined, token), (r) => r.data?.status >= ImportStatus.DONE, 120_000)
      expect(job.data).toMatchObject({ status: ImportStatus.DONE, processedCount: n, successCount: n, failCount: 0 })
    }
    expect((await api(a, `${S}/page`, { keyword: '双进程', pageSize: 1 }, token)).data.total).toBe(10020)
  }, 180_000)

  it('a job whose process is killed mid-way is taken over by the other and finishes with every row once', async () => {
    const token = (await signIn(a, 'xxadmin', 'Demo@2026')).data.userToken
    const id = await uploadTo(a, token, await xlsx(STUDENT_COLUMNS.map((c) => c.header), students('接力', 12000)))
    const runnerOf = async () => {
      const c = new pg.Client({ connectionString: dbUrl })
      await c.connect()
      try { return (await c.query('SELECT runner_id FROM import_job WHERE id = $1', [id])).rows[0]?.runner_id as string } finally { await c.end() }
    }
    // Kill the process that claimed it (runner ids name host/pid/…) once it has committed a batch.
    await waitFor(() => api(a, `${L}/log/detail?id=${id}`, undefined, token), (r) => r.data?.processedCount >= 500, 120_000)
    const first = await runnerOf()
    const [victim, survivor] = first.split('/')[1] === String(a.child.pid) ? [a, b] : [b, a]
    expect(first.split('/')[1]).toBe(String(victim.child.pid))
    victim.child.kill('SIGKILL')
    await new Promise((r) => victim.child.once('exit', r))
    const mid = (await api(survivor, `${L}/log/detail?id=${id}`, undefined, token)).data
    expect(mid.processedCount).toBeLessThan(12000)
    const job = await waitFor(() => api(survivor, `${L}/log/detail?id=${id}`, undefined, token), (r) => r.data?.status >= ImportStatus.DONE, 150_000)
    expect(job.data, survivor.out()).toMatchObject({ status: ImportStatus.DONE, processedCount: 12000, successCount: 12000, failCount: 0 })
    expect((await runnerOf()).split('/')[1]).toBe(String(survivor.child.pid))
    expect((await api(survivor, `${S}/page`, { keyword: '接力', pageSize: 1 }, token)).data.total).toBe(12000)
  }, 300_000)
})
