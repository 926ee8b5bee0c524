// Real server processes on a PostgreSQL database of their own, spoken to over real HTTP: the tests of what only a
// process shows (several processes on one database, the database going away under one). Only where a PostgreSQL
// server is given (TEST_DATABASE_URL, CI's second pass).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import pg from 'pg'
import { REPO_ROOT } from '../src/config.js'
import { directUrl, serverUrl, withDatabase } from './db-server.js'

export interface Proc {
  base: string
  child: ChildProcess
  out: () => string
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo
        s.close(() => resolve(port))
      })
  })
}

/**
 * Runs one statement on the PostgreSQL server itself (TEST_DATABASE_DIRECT_URL, else TEST_DATABASE_URL: not through
 * PgBouncer, test/db-server.ts), or on `url`, on a connection of its own.
 */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = directUrl()!,
): Promise<R[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<R>(text, values)).rows
  } finally {
    await c.end()
  }
}

/**
 * A new empty database on the test server: its name, the URL the product uses (through PgBouncer in CI), the URL of
 * the server itself, and how to drop it.
 */
export async function scratchDatabase(
  prefix: string,
): Promise<{ name: string; url: string; directUrl: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  await adminQuery(`CREATE DATABASE ${name}`)
  return {
    name,
    url: withDatabase(serverUrl()!, name),
    directUrl: withDatabase(directUrl()!, name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

/** Starts `packages/server/src/main.ts` on a free port (migrating and seeding as at any start) and waits until it answers. */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A cheap password hash for the seed.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      // The school apps (PORT + 1) are not what these tests exercise, and several servers here share one database.
      SCHOOL_APPS: '0',
      PASSWORD_MEMORY_KIB: '64',
      PASSWORD_TIME_COST: '1',
      ...env,
    },
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  const p: Proc = { base: `http://127.0.0.1:${port}`, child, out: () => out }
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`)
    try {
      if ((await fetch(`${p.base}/base/api/tenant/getLoginInfo`, { signal: AbortSignal.timeout(5_000) })).ok) return p
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

export interface Answer {
  status: number
  code: number
  msg: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call reads its own shape of data
  data: any
}

/** One API call; a JSON body makes it a POST. `timeoutMs` bounds the whole exchange. */
export async function api(p: Proc, path: string, body?: unknown, token?: string, timeoutMs = 30_000): Promise<Answer> {
  const res = await fetch(p.base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  })
  return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) }
}

export const signIn = (p: Proc, userName: string, password: string) =>
  api(p, '/base/api/auth/loginByUserPwd', { userName, password, loginType: 1 })

/** Posts an Excel file to an import address as the browser does; returns the job's id. */
export async function uploadTo(p: Proc, path: string, token: string, file: Buffer): Promise<number> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)]), 'data.xlsx')
  const res = await fetch(`${p.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  })
  const j = (await res.json()) as { code: number; msg: string; data: { importLogId: number } }
  if (j.code !== 0) throw new Error(`upload answered ${JSON.stringify(j)}`)
  return j.data.importLogId
}

/** Reads until `done` holds, at most `ms`. */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v)) return v
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
