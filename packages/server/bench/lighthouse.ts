// Lighthouse (from npm, driving the system Chromium through puppeteer-core) on a signed-in portal home, the page
// a teacher sees after login, and on the login page, signed out (the first page most people open). Both the desktop preset (an old laptop on a school network) and the default mobile
// preset (a parent on a phone: simulated slow 4G and a 4x slower CPU) are run; each reports the performance
// score and its main metrics.
import { spawnSync } from 'node:child_process'
import { TOKEN_COOKIE } from '@zhixiao/shared'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer from 'puppeteer-core'
import { postJson, REPO_ROOT } from './lib.js'

export interface LighthouseRun {
  preset: 'desktop' | 'mobile'
  score: number
  metrics: Record<string, number>
}

/** One preset's runs (RUNS of them) and their median: a single Lighthouse run moves ±10 points on a shared machine. */
export interface LighthousePreset {
  preset: 'desktop' | 'mobile'
  runs: LighthouseRun[]
  median: LighthouseRun
}

/** Lighthouse runs per preset (BENCH_LIGHTHOUSE_RUNS, default 3): the median of three is the figure issue 28 asks. */
export const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** The median of each figure separately (score, LCP, TBT… each its own median over the runs). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const metrics: Record<string, number> = {}
  for (const k of Object.keys(runs[0]!.metrics)) metrics[k] = median(runs.map((r) => r.metrics[k] ?? 0))
  return { preset: runs[0]!.preset, score: Math.round(median(runs.map((r) => r.score))), metrics }
}

const METRICS: Record<string, string> = {
  'first-contentful-paint': 'FCP ms',
  'largest-contentful-paint': 'LCP ms',
  'total-blocking-time': 'TBT ms',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI ms',
  interactive: 'TTI ms',
}

/** Builds the web app when its sources are newer than the build (the server serves packages/web/dist). */
export function ensureWebBuilt(): void {
  const r = spawnSync(process.execPath, ['scripts/build-web-if-needed.mjs'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) throw new Error('building the web app failed')
}

/**
 * Runs Lighthouse's performance category on `base`/#`route`, signed in with `token` (null: signed out), RUNS times
 * per preset (the presets interleaved, so a burst of load elsewhere on the machine does not hit one preset only).
 * `prebuilt`: the server serves another build (WEB_DIST), do not rebuild packages/web.
 */
export async function benchLighthouse(
  base: string,
  token: string | null,
  route: string,
  prebuilt = false,
  runCount = RUNS,
): Promise<LighthousePreset[]> {
  if (!prebuilt) ensureWebBuilt()
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  })
  try {
    const runs: LighthouseRun[] = []
    // One load first, not measured: a server that has just been idle (the other build's turn in an interleaved
    // session) answered the first document 2 s late, which the desktop preset's LCP took in full (issue 28).
    const warm = await browser.newPage()
    if (token) await browser.setCookie({ name: TOKEN_COOKIE, value: token, domain: new URL(base).hostname, path: '/' })
    await warm.goto(`${base}/#${route}`, { waitUntil: 'networkidle2', timeout: 60_000 }).catch(() => {})
    await warm.close()
    const order = Array.from({ length: runCount }, () => ['desktop', 'mobile'] as const).flat()
    for (const preset of order) {
      const page = await browser.newPage()
      // The session cookie the web app reads (it sends it as a bearer header); kept across Lighthouse's load.
      if (token)
        await browser.setCookie({ name: TOKEN_COOKIE, value: token, domain: new URL(base).hostname, path: '/' })
      const flags: Flags = {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      }
      const result: RunnerResult | undefined = await lighthouse(
        `${base}/#${route}`,
        flags,
        preset === 'desktop' ? desktopConfig : undefined,
        page,
      )
      await page.close()
      if (!result) throw new Error('Lighthouse returned no result')
      const lhr = result.lhr
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
      const finalUrl = lhr.finalDisplayedUrl
      // A lost session would measure the login page instead: refuse that.
      if (!finalUrl.includes(route)) throw new Error(`Lighthouse ended on ${finalUrl}, not ${route} (not signed in?)`)
      const metrics: Record<string, number> = {}
      for (const [id, label] of Object.entries(METRICS)) {
        const v = lhr.audits[id]?.numericValue
        if (typeof v === 'number') metrics[label] = v
      }
      runs.push({ preset, score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics })
    }
    return (['desktop', 'mobile'] as const).map((preset) => {
      const mine = runs.filter((r) => r.preset === preset)
      return { preset, runs: mine, median: medianRun(mine) }
    })
  } finally {
    await browser.close()
  }
}

const metricText = (r: LighthouseRun) =>
  Object.entries(r.metrics)
    .map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : v.toFixed(0)}`)
    .join(', ')

/** `who`: whose page it is ('signed in as a teacher', 'signed out', …). Prints each preset's median, then its runs. */
export function formatLighthouse(route: string, presets: LighthousePreset[], who: string): string {
  const n = presets[0]?.runs.length ?? 0
  const lines = [`\nLighthouse performance of ${route} (${who}; median of ${n} run${n === 1 ? '' : 's'} per preset):`]
  for (const p of presets) {
    lines.push(`  ${p.preset.padEnd(7)} median score ${p.median.score}  (${metricText(p.median)})`)
    p.runs.forEach((r, i) => lines.push(`    run ${i + 1}: score ${r.score}  (${metricText(r)})`))
  }
  return lines.join('\n')
}

/** One page Lighthouse measures: its route, whose session (null: signed out) and its presets' runs. */
export interface LighthousePage {
  route: string
  who: string
  presets: LighthousePreset[]
}

const PAGES = [
  { route: '/portal/home', user: 'zhanglaoshi', who: 'signed in as a teacher' },
  // The parent's phone home (features/mobile-portal), the first screen a parent sees.
  { route: '/mobile/home', user: 'xiaomingmama', who: 'signed in as a parent' },
  { route: '/redirect/login', user: null, who: 'signed out' },
] as const

async function signIn(base: string, userName: string): Promise<string> {
  const r = await postJson<{ msg: string; data: { userToken?: string } }>(`${base}/base/api/auth/loginByUserPwd`, {
    userName,
    password: 'Demo@2026',
    loginType: 1,
  })
  if (!r.data.userToken) throw new Error(`login as ${userName} failed (${r.msg}); the database needs the demo seed`)
  return r.data.userToken
}

/** The portal home (teacher), the mobile home (parent) and the login page, each preset RUNS times. */
/** `runCount`: runs per preset (default BENCH_LIGHTHOUSE_RUNS); lighthouse-only.ts interleaves builds one run at a time. */
export async function benchLighthousePages(base: string, prebuilt = false, runCount = RUNS): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = []
  // BENCH_LIGHTHOUSE_PAGES=/portal/home,/mobile/home: only those (a shorter session on a busy machine).
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean)
  for (const p of PAGES.filter((x) => !only?.length || only.includes(x.route))) {
    process.stderr.write(`running Lighthouse on ${p.route} (${runCount}× each preset)…`)
    const token = p.user ? await signIn(base, p.user) : null
    pages.push({ route: p.route, who: p.who, presets: await benchLighthouse(base, token, p.route, prebuilt, runCount) })
    process.stderr.write(' done\n')
  }
  return pages
}
