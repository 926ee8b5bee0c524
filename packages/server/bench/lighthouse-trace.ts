// `npx tsx packages/server/bench/lighthouse-trace.ts`: what blocks a signed-in home on a phone (issue 28). One
// Lighthouse mobile run (its diagnostic audits printed: boot-up per script, main-thread breakdown, long tasks, the LCP
// element, render-blocking files, unused JavaScript, the requests in start order), then one load of the same page
// under the mobile preset's 4x CPU throttling with V8's sampling profiler on, its self time summed per function and
// per file. BENCH_TRACE_ROUTE (default /portal/home), BENCH_TRACE_USER (default zhanglaoshi), BENCH_TRACE_PRESET. A diagnosis, not a
// figure: the scores come from `npm run bench:lighthouse`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { TOKEN_COOKIE } from '@zhixiao/shared'
import lighthouse, { type Flags } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer, { type Browser } from 'puppeteer-core'
import { postJson, startServer, stopAll, stopServer } from './lib.js'

const ROUTE = process.env.BENCH_TRACE_ROUTE ?? '/portal/home'
const USER = process.env.BENCH_TRACE_USER ?? 'zhanglaoshi'
// BENCH_TRACE_PRESET=desktop: the Lighthouse run with the desktop preset (the profile below stays the phone's).
const DESKTOP = process.env.BENCH_TRACE_PRESET === 'desktop'

interface AuditItem {
  [k: string]: unknown
}
type Details = { items?: AuditItem[] }

const short = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, '')
const ms = (v: unknown) => (typeof v === 'number' ? v.toFixed(0) : String(v))

async function lighthouseAudits(browser: Browser, base: string, token: string): Promise<void> {
  const page = await browser.newPage()
  await browser.setCookie({ name: TOKEN_COOKIE, value: token, domain: new URL(base).hostname, path: '/' })
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }
  const r = await lighthouse(`${base}/#${ROUTE}`, flags, DESKTOP ? desktopConfig : undefined, page)
  await page.close()
  if (!r) throw new Error('no Lighthouse result')
  const a = r.lhr.audits
  const items = (id: string) => ((a[id]?.details as Details | undefined)?.items ?? []) as AuditItem[]
  console.log(`\nscore ${Math.round((r.lhr.categories.performance?.score ?? 0) * 100)}`)
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'])
    console.log(`  ${id}: ${ms(a[id]?.numericValue)}`)
  console.log('\nbootup-time (ms: total, scripting, parse+compile):')
  for (const i of items('bootup-time'))
    console.log(`  ${short(i.url).padEnd(48)} ${ms(i.total)} ${ms(i.scripting)} ${ms(i.scriptParseCompile)}`)
  console.log('\nmainthread-work-breakdown:')
  for (const i of items('mainthread-work-breakdown'))
    console.log(`  ${String(i.groupLabel).padEnd(32)} ${ms(i.duration)}`)
  console.log('\nlong-tasks (start, duration, url):')
  for (const i of items('long-tasks')) console.log(`  ${ms(i.startTime)} ${ms(i.duration)} ${short(i.url)}`)
  console.log('\nlargest-contentful-paint-element:')
  console.log(JSON.stringify(a['largest-contentful-paint-element']?.details, null, 1).slice(0, 1500))
  // The elements that moved (CLS): 'layout-shifts' in Lighthouse 11+, 'layout-shift-elements' before it.
  console.log(`\ncumulative-layout-shift: ${a['cumulative-layout-shift']?.numericValue}; the shifts:`)
  for (const id of ['layout-shifts', 'layout-shift-elements'])
    console.log(JSON.stringify(a[id]?.details ?? null, null, 1).slice(0, 2500))
  console.log('\nlcp phases:')
  console.log(
    JSON.stringify(a['lcp-phases']?.details ?? a['largest-contentful-paint-element']?.details, null, 0).slice(0, 1200),
  )
  console.log('\nrender-blocking-resources:')
  for (const i of items('render-blocking-resources')) console.log(`  ${short(i.url)} ${ms(i.wastedMs)}`)
  console.log('\nunused-javascript (bytes, wasted):')
  for (const i of items('unused-javascript'))
    console.log(`  ${short(i.url).padEnd(48)} ${i.totalBytes} ${i.wastedBytes}`)
  console.log('\nnetwork-requests (start, end, bytes, url):')
  for (const i of items('network-requests'))
    console.log(
      `  ${ms(i.networkRequestTime)} ${ms(i.networkEndTime)} ${String(i.transferSize).padStart(7)} ${short(i.url)}`,
    )
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
interface TraceEvent {
  name: string
  ph: string
  id?: string
  pid?: number
  args?: { data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } }
}

async function cpuProfile(browser: Browser, base: string, token: string): Promise<void> {
  const page = await browser.newPage()
  await browser.setCookie({ name: TOKEN_COOKIE, value: token, domain: new URL(base).hostname, path: '/' })
  await page.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 })
  await page.emulateCPUThrottling(4)
  const file = path.join(os.tmpdir(), `zx-trace-${process.pid}.json`)
  const api: string[] = []
  const t0 = Date.now()
  page.on('request', (q) => {
    if (q.url().includes('/api/')) api.push(`${Date.now() - t0} ms ${short(q.url())}`)
  })
  await page.tracing.start({
    path: file,
    categories: ['devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8'],
  })
  await page.goto(`${base}/#${ROUTE}`, { waitUntil: 'networkidle0', timeout: 120_000 })
  await new Promise((r) => setTimeout(r, 3000))
  await page.tracing.stop()
  await page.close()
  console.log(`\nAPI requests in order (wall clock from navigation, 4x CPU):\n  ${api.join('\n  ')}`)

  summariseTrace(file)
  if (process.env.BENCH_TRACE_KEEP) console.log(`trace kept: ${file}`)
  else fs.rmSync(file, { force: true })
}

/** Self time per file and per function of the page's own profile (Chrome's internal pages left out). */
function summariseTrace(file: string): void {
  const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  // Node ids are per profile (each thread, each process has its own): keyed by the profile's id too.
  const nodes = new Map<string, ProfileNode>()
  const self = new Map<string, number>()
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue
    const p = e.args?.data?.cpuProfile
    const prof = `${e.pid}:${e.id}`
    for (const n of p?.nodes ?? []) nodes.set(`${prof}:${n.id}`, n)
    const samples = p?.samples ?? []
    const deltas = e.args?.data?.timeDeltas ?? []
    // A sample's delta is the time since the one before it: it belongs to the sample before.
    samples.forEach((id, i) => {
      const k = `${prof}:${id}`
      self.set(k, (self.get(k) ?? 0) + (deltas[i + 1] ?? 0) / 1000)
    })
  }
  const byFn = new Map<string, number>()
  const byFile = new Map<string, number>()
  for (const [id, t] of self) {
    const f = nodes.get(id)?.callFrame
    if (!f || (f.url ?? '').startsWith('chrome:') || f.functionName === '(idle)') continue
    const file = short(f.url) || '(native)'
    byFile.set(file, (byFile.get(file) ?? 0) + t)
    const key = `${f.functionName || '(anon)'} ${file}:${f.lineNumber}:${f.columnNumber}`
    byFn.set(key, (byFn.get(key) ?? 0) + t)
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(0).padStart(6)} ms  ${k}`)
  console.log('\nCPU self time per file (4x throttled):')
  console.log(top(byFile, 25).join('\n'))
  console.log('\nCPU self time per function (top 40):')
  console.log(top(byFn, 40).join('\n'))
  // A browser function (appendChild, the cookie getter…) says nothing by itself: its callers, two frames up.
  const byCaller = new Map<string, number>()
  for (const [id, t] of self) {
    const n = nodes.get(id)
    if (!n || n.callFrame.url || !n.callFrame.functionName || n.callFrame.functionName.startsWith('(')) continue
    const prof = id.slice(0, id.lastIndexOf(':'))
    const up = (x: ProfileNode | undefined) => (x?.parent === undefined ? undefined : nodes.get(`${prof}:${x.parent}`))
    const p1 = up(n)
    const p2 = up(p1)
    const where = (x: ProfileNode | undefined) =>
      x
        ? `${x.callFrame.functionName || '(anon)'} ${short(x.callFrame.url)}:${x.callFrame.lineNumber}:${x.callFrame.columnNumber}`
        : '-'
    const key = `${n.callFrame.functionName} ← ${where(p1)} ← ${where(p2)}`
    byCaller.set(key, (byCaller.get(key) ?? 0) + t)
  }
  console.log('\nbrowser functions by caller (top 15):')
  console.log(top(byCaller, 15).join('\n'))
}

async function main(): Promise<void> {
  // A kept trace (BENCH_TRACE_KEEP=1) summarised again: `lighthouse-trace.ts <file>`.
  if (process.argv[2]) return summariseTrace(process.argv[2])
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-trace-'))
  const env = { SEED_DEMO: '1', DATA_DIR: dataDir, ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) }
  const server = await startServer('trace', 'packages/server/src/main.ts', env, '/base/api/tenant/getLoginInfo')
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  })
  try {
    const login = await postJson<{ msg: string; data: { userToken?: string } }>(
      `${server.base}/base/api/auth/loginByUserPwd`,
      { userName: USER, password: 'Demo@2026', loginType: 1 },
    )
    const token = login.data.userToken
    if (!token) throw new Error(`login failed: ${login.msg}`)
    if (process.env.BENCH_TRACE_LH !== '0') await lighthouseAudits(browser, server.base, token)
    await cpuProfile(browser, server.base, token)
  } finally {
    await browser.close()
    await stopServer(server.child)
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
  }
}

try {
  await main()
} finally {
  await stopAll()
}
