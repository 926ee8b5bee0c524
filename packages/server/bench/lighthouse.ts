// Lighthouse (from npm, driving the system Chromium through puppeteer-core) on a signed-in portal home, the page
// a teacher sees after login, and on the login page, signed out (the first page most people open). Both the desktop preset (an old laptop on a school network) and the default mobile
// preset (a parent on a phone: simulated slow 4G and a 4x slower CPU) are run; each reports the performance
// score and its main metrics.
import { spawnSync } from 'node:child_process'
import { TOKEN_COOKIE } from '@zhixiao/shared'
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer from 'puppeteer-core'
import { REPO_ROOT } from './lib.js'

export interface LighthouseRun {
  preset: 'desktop' | 'mobile'
  score: number
  metrics: Record<string, number>
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

/** Runs Lighthouse's performance category on `base`/#`route`, signed in with `token` (null: signed out), once per preset. */
export async function benchLighthouse(base: string, token: string | null, route: string): Promise<LighthouseRun[]> {
  ensureWebBuilt()
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  })
  try {
    const runs: LighthouseRun[] = []
    for (const preset of ['desktop', 'mobile'] as const) {
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
    return runs
  } finally {
    await browser.close()
  }
}

export function formatLighthouse(route: string, runs: LighthouseRun[], signedIn = true): string {
  const lines = [
    `\nLighthouse performance of ${route} (${signedIn ? 'signed in as a teacher' : 'signed out'}; one run per preset):`,
  ]
  for (const r of runs) {
    const m = Object.entries(r.metrics)
      .map(([k, v]) => `${k} ${k === 'CLS' ? v.toFixed(3) : v.toFixed(0)}`)
      .join(', ')
    lines.push(`  ${r.preset.padEnd(7)} score ${r.score}  (${m})`)
  }
  return lines.join('\n')
}
