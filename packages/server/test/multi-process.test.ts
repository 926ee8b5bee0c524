import { ImportStatus, OperationType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import {
  adminQuery,
  api,
  scratchDatabase,
  signIn,
  startServer,
  uploadTo as upload,
  waitFor,
  type Proc,
} from './server-process.js'
import { xlsx } from './xlsx.js'

// Two server processes on one PostgreSQL (docs/deploy.md): sessions, login limits and import jobs are in the
// database, so either process serves any user; an import job is run by one process and, if that process dies,
// resumed by the other. Real processes, real HTTP; only where a PostgreSQL server is given (CI's second pass).
const serverUrl = process.env.TEST_DATABASE_URL
const S = '/base/api/userInfo/studentInfo'
const L = '/base/api/commonImportLog'

let dbUrl = ''
let drop = async () => {}
const procs: Proc[] = []

// A killed runner's job is taken over after 2 s without a heartbeat; a rotated OpenID signing key reaches the other
// process within 2 s (60 by default).
async function startProcess(): Promise<Proc> {
  const p = await startServer(dbUrl, { IMPORT_STALE_SECONDS: '2', OIDC_KEY_RECHECK_SECONDS: '2' })
  procs.push(p)
  return p
}
const uploadTo = (p: Proc, token: string, file: Buffer) => upload(p, `${S}/importExcel`, token, file)

const students = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix}${String(i).padStart(6, '0')}`, '三年级', '(2)班'])

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL', () => {
  let a: Proc
  let b: Proc
  beforeAll(async () => {
    ;({ url: dbUrl, drop } = await scratchDatabase('zx_multi'))
    a = await startProcess() // migrates and seeds the demo district
    b = await startProcess()
  }, 300_000)
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL')
    await drop()
  })

  it('a session made on one process works on the other, and a sign-out on one ends it on both', async () => {
    const token = (await signIn(a, 'zhanglaoshi', 'Demo@2026')).data.userToken
    expect(token).toBeTruthy()
    expect((await api(b, '/base/api/account/user/current/detail', undefined, token)).data.userName).toBe('zhanglaoshi')
    await api(b, '/base/api/auth/logout', {}, token)
    expect((await api(a, '/base/api/account/user/current/detail', undefined, token)).code).not.toBe(0)
  })

  it('wrong passwords count across both: three on alternating processes, and the fourth anywhere asks for the image code', async () => {
    for (const p of [a, b, a])
      expect((await signIn(p, 'jyjstaff', 'wrong-1')).data.operationType).not.toBe(OperationType.SUCCESS)
    expect((await signIn(b, 'jyjstaff', 'wrong-1')).data.operationType).toBe(OperationType.NEED_CAPTCHA)
    expect((await signIn(a, 'jyjstaff', 'Demo@2026')).data.operationType).toBe(OperationType.NEED_CAPTCHA)
  })

  it('a CAS ticket validated through both processes at once is accepted exactly once', async () => {
    const admin = (await signIn(a, 'jyjadmin', 'Demo@2026')).data.userToken
    const teacher = (await signIn(b, 'zhanglaoshi', 'Demo@2026')).data.userToken
    const tenantId = (await api(a, '/base/api/account/user/current/detail', undefined, teacher)).data.tenantId
    const service = 'https://library.example.edu.cn/cas/login'
    const app = await api(a, '/base/mobileApp/save', { name: '双进程图书馆', entryUrl: service, appType: 3 }, admin)
    expect(app.code, app.msg).toBe(0)
    const client = await api(
      b,
      '/base/api/app/client/save',
      { appId: app.data, protocol: 'cas', casServices: [service], scopes: ['profile'], subjectType: 'public' },
      admin,
    )
    expect(client.code, client.msg).toBe(0)
    const validate = async (p: Proc, ticket: string) => {
      const q = new URLSearchParams({ ticket, service, format: 'JSON' })
      const res = await fetch(`${p.base}/t/${tenantId}/cas/p3/serviceValidate?${q}`, {
        signal: AbortSignal.timeout(30_000),
      })
      const body = (await res.json()) as {
        serviceResponse: { authenticationSuccess?: { user: string }; authenticationFailure?: { code: string } }
      }
      return body.serviceResponse
    }
    // Several tickets, each issued by one process and validated by both at the same moment.
    for (let i = 0; i < 6; i++) {
      const issued = await api(i % 2 ? a : b, `/t/${tenantId}/cas/ticket`, { service }, teacher)
      expect(issued.code, issued.msg).toBe(0)
      const ticket = new URL(issued.data.redirectTo as string).searchParams.get('ticket')!
      expect(ticket).toMatch(/^ST-/)
      const answers = await Promise.all([validate(a, ticket), validate(b, ticket)])
      const won = answers.filter((r) => r.authenticationSuccess)
      expect(won, JSON.stringify(answers)).toHaveLength(1)
      expect(answers.find((r) => !r.authenticationSuccess)!.authenticationFailure!.code).toBe('INVALID_TICKET')
      // Spent for good: a third try on either process fails too.
      expect((await validate(i % 2 ? b : a, ticket)).authenticationFailure?.code).toBe('INVALID_TICKET')
    }
  })

  it('an OpenID signing key rotated through one process is served by the JWKS of the other', async () => {
    const admin = (await signIn(a, 'jyjadmin', 'Demo@2026')).data.userToken
    const tenantId = (await api(a, '/base/api/account/user/current/detail', undefined, admin)).data.tenantId
    const jwks = async (p: Proc) => {
      const res = await fetch(`${p.base}/t/${tenantId}/oidc/jwks`, { signal: AbortSignal.timeout(30_000) })
      expect(res.status).toBe(200)
      return ((await res.json()) as { keys: { kid: string; d?: string }[] }).keys
    }
    // Both processes have built the tenant's provider (and read its keys) before the rotation.
    const before = await jwks(b)
    expect((await jwks(a)).map((k) => k.kid)).toEqual(before.map((k) => k.kid))
    const rotated = await api(a, '/base/api/app/oidc/rotateKeys', {}, admin)
    expect(rotated.code, rotated.msg).toBe(0)
    const kid = rotated.data.kid as string
    expect(before.map((k) => k.kid)).not.toContain(kid)
    expect((await jwks(a))[0]!.kid).toBe(kid)
    // The other process notices the new key when it next compares its keys with the database (2 s here).
    const served = await waitFor(
      () => jwks(b),
      (keys) => keys[0]?.kid === kid,
      30_000,
    )
    // The new key signs, the one it replaced stays published; no private part is served.
    expect(served.map((k) => k.kid)).toEqual([kid, before[0]!.kid])
    expect(served.every((k) => k.d === undefined)).toBe(true)
  })

  it('an import job is run by exactly one process: while one runs it, the other looking for work takes the next job', async () => {
    const token = (await signIn(b, 'xxadmin', 'Demo@2026')).data.userToken
    const big = await uploadTo(
      a,
      token,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        students('双进程', 10000),
      ),
    )
    // An upload makes its process look for work at once: b now looks while a runs the first job.
    const small = await uploadTo(
      b,
      token,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        students('双进程小', 20),
      ),
    )
    for (const [id, n] of [
      [big, 10000],
      [small, 20],
    ] as const) {
      const job = await waitFor(
        () => api(b, `${L}/log/detail?id=${id}`, undefined, token),
        (r) => r.data?.status >= ImportStatus.DONE,
        120_000,
      )
      expect(job.data).toMatchObject({ status: ImportStatus.DONE, processedCount: n, successCount: n, failCount: 0 })
    }
    expect((await api(a, `${S}/page`, { keyword: '双进程', pageSize: 1 }, token)).data.total).toBe(10020)
  }, 180_000)

  it('a job whose process is killed mid-way is taken over by the other and finishes with every row once', async () => {
    const token = (await signIn(a, 'xxadmin', 'Demo@2026')).data.userToken
    const id = await uploadTo(
      a,
      token,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        students('接力', 12000),
      ),
    )
    const runnerOf = async () =>
      (await adminQuery<{ runner_id: string }>('SELECT runner_id FROM import_job WHERE id = $1', [id], dbUrl))[0]
        ?.runner_id as string
    // Kill the process that claimed it (runner ids name host/pid/…) once it has committed a batch.
    await waitFor(
      () => api(a, `${L}/log/detail?id=${id}`, undefined, token),
      (r) => r.data?.processedCount >= 500,
      120_000,
    )
    const first = await runnerOf()
    const [victim, survivor] = first.split('/')[1] === String(a.child.pid) ? [a, b] : [b, a]
    expect(first.split('/')[1]).toBe(String(victim.child.pid))
    victim.child.kill('SIGKILL')
    await new Promise((r) => victim.child.once('exit', r))
    const mid = (await api(survivor, `${L}/log/detail?id=${id}`, undefined, token)).data
    expect(mid.processedCount).toBeLessThan(12000)
    const job = await waitFor(
      () => api(survivor, `${L}/log/detail?id=${id}`, undefined, token),
      (r) => r.data?.status >= ImportStatus.DONE,
      150_000,
    )
    expect(job.data, survivor.out()).toMatchObject({
      status: ImportStatus.DONE,
      processedCount: 12000,
      successCount: 12000,
      failCount: 0,
    })
    expect((await runnerOf()).split('/')[1]).toBe(String(survivor.child.pid))
    expect((await api(survivor, `${S}/page`, { keyword: '接力', pageSize: 1 }, token)).data.total).toBe(12000)
  }, 300_000)
})
