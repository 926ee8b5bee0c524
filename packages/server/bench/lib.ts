// Helpers for `npm run bench`: free ports, server children started with tsx, readiness polling, load runs.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Options, type Result } from 'autocannon'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export function freePort(): Promise<number> {
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

export interface Server {
  name: string
  base: string
  child: ChildProcess
  output: () => string
}

const live = new Set<ChildProcess>()

/** Starts `node --import tsx <script>` from the repo root (the pid is the server itself, not an npx wrapper). */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath: string,
  isReady: (status: number) => boolean = (s) => s === 200,
  nodeArgs: string[] = [],
): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
  })
  live.add(child)
  child.once('exit', () => live.delete(child))
  let out = ''
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const server: Server = { name, base: `http://127.0.0.1:${port}`, child, output: () => out }

  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited before it was ready:\n${out}`)
    try {
      if (isReady((await fetch(server.base + readyPath)).status)) return server
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${name} was not ready within 120 s:\n${out}`)
}

/** SIGTERM (the servers close their database), SIGKILL after 5 s. */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map(stopServer))
}

export function load(opts: Options): Promise<Result> {
  return autocannon(opts)
}

export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${url}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** The demo bureau administrator's JSON headers: the bureau sees every school under it, generated ones included. */
export async function bureauHeaders(base: string): Promise<Record<string, string>> {
  const login = await postJson<{ data: { userToken?: string } }>(`${base}/base/api/auth/loginByUserPwd`, {
    userName: 'jyjadmin',
    password: 'Demo@2026',
    loginType: 1,
  })
  const token = login.data.userToken
  if (!token) throw new Error('jyjadmin could not sign in (the database needs the demo seed)')
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
}

/** A load run at `connections` after a 1 s warm-up that is not counted (JIT, caches). */
export async function warmLoad(o: Options, connections: number, seconds: number): Promise<Result> {
  await load({ ...o, connections, duration: 1 })
  return load({ ...o, connections, duration: seconds })
}
