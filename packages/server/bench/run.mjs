// `npm run bench`: our server against a bare Fastify + driver baseline doing the same SQL work, loaded with
// autocannon on loopback. The two run one after the other on the same freshly seeded database (PGlite allows
// one process per data directory), so they never compete for the two cores. Prints req/s, p99 and ours/bare.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-'))
const children = new Set()

const freePort = () => new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)) }) })

async function start(script, env, readyUrl) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  })
  children.add(child)
  let out = ''
  child.stdout.on('data', (d) => { out += d })
  child.stderr.on('data', (d) => { out += d })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`)
    try { if ((await fetch(base + readyUrl, readyUrl === '/login' ? { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } } : {})).status < 500) return { base, stop: () => stop(child) } } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${script} did not start:\n${out}`)
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) { children.delete(child); return resolve() }
    child.once('exit', () => { children.delete(child); resolve() })
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 5000).unref()
  })
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, ...opts }, (err, r) => (err ? reject(err) : resolve(r)))
  })
}

const LOGIN = { userName: 'zhanglaoshi', password: 'Demo@2026', loginType: 1 }
const summary = (r) => ({ rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts })

async function main() {
  const results = {}
  const db = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'

  const ours = await start('packages/server/src/main.ts', { SEED_DEMO: '1' }, '/base/api/tenant/getLoginInfo')
  const jsonPost = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(LOGIN) }
  const token = (await (await fetch(`${ours.base}/base/api/auth/loginByUserPwd`, jsonPost)).json()).data.userToken
  results.login = { ours: summary(await load({ url: `${ours.base}/base/api/auth/loginByUserPwd`, connections: 4, ...jsonPost })) }
  results.detail = { ours: summary(await load({ url: `${ours.base}/base/api/account/user/current/detail`, connections: 10, headers: { authorization: `Bearer ${token}` } })) }
  await ours.stop()

  const bare = await start('packages/server/bench/bare-server.ts', {}, '/login')
  const bareToken = (await (await fetch(`${bare.base}/login`, jsonPost)).json()).token
  results.login.bare = summary(await load({ url: `${bare.base}/login`, connections: 4, ...jsonPost }))
  results.detail.bare = summary(await load({ url: `${bare.base}/detail`, connections: 10, headers: { authorization: `Bearer ${bareToken}` } }))
  await bare.stop()

  console.log(`\nbench: ${seconds} s per run, database ${db}, ${os.cpus().length} cores; one run, so read the ratios, not the absolute numbers`)
  console.log('scenario                         ours req/s  ours p99 ms  bare req/s  bare p99 ms  ours/bare')
  let bad = 0
  for (const [name, label] of [['login', 'login (scrypt 2^17, 4 conns)'], ['detail', 'user/current/detail (10 conns)']]) {
    const { ours: o, bare: b } = results[name]
    bad += o.bad + b.bad
    console.log(`${label.padEnd(32)} ${o.rps.toFixed(1).padStart(10)} ${String(o.p99).padStart(12)} ${b.rps.toFixed(1).padStart(11)} ${String(b.p99).padStart(12)} ${(o.rps / b.rps).toFixed(2).padStart(10)}`)
  }
  console.log('bare = Fastify + driver + plain SQL as the table owner: no envelope, validation, tenant transaction, RLS or permission hook.')
  if (bad) { console.log(`WARNING: ${bad} non-2xx responses or errors`); process.exitCode = 1 }
}

async function cleanup() {
  await Promise.all([...children].map(stop))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
process.on('SIGINT', () => { void cleanup().then(() => process.exit(130)) })
try { await main() } finally { await cleanup() }
