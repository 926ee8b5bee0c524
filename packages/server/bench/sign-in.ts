// A real sign-in in headless Chromium (puppeteer-core, the system Chromium): a teacher opens the login page with a
// cold cache, types the demo password and clicks 登录; the step reports the time from the click to a settled
// /portal/home (the home and the full portal header shown, no skeleton or spinner left, and then no request in flight
// for QUIET_MS), the API calls
// made after the click (a waterfall, so calls that wait on each other show), the login call itself (the password
// hash) and the JavaScript loaded before and after the click.
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core'
import { ensureWebBuilt } from './lighthouse.js'

const QUIET_MS = 500
const USER = { userName: 'zhanglaoshi', password: 'Demo@2026' }

export interface ApiCall {
  method: string
  path: string
  startMs: number
  endMs: number
}
export interface SignInRun {
  settledMs: number
  loginCallMs: number
  apiCalls: ApiCall[]
  jsBeforeKb: number
  jsAfterKb: number
  jsFilesAfter: number
}

interface Tracked {
  req: HTTPRequest
  start: number
  end?: number
  bytes: number
  afterClick: boolean
}

/** Waits until `page` has had no request in flight for QUIET_MS; resolves with the time the last one ended. */
function quiet(tracked: Tracked[], since: number): Promise<number> {
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (tracked.some((t) => t.end === undefined)) return
      const last = Math.max(since, ...tracked.map((t) => t.end ?? 0))
      if (Date.now() - last >= QUIET_MS) {
        clearInterval(poll)
        resolve(last)
      }
    }, 25)
  })
}

async function clickLogin(page: Page): Promise<void> {
  // antd spaces two-character labels (登 录), so the text is compared without spaces.
  const buttons = await page.$$('button')
  for (const b of buttons) {
    if ((await b.evaluate((el) => el.textContent?.replace(/\s/g, ''))) === '登录') {
      await b.click()
      return
    }
  }
  throw new Error('no 登录 button on the login page')
}

async function oneSignIn(browser: Browser, base: string): Promise<SignInRun> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  try {
    await page.setViewport({ width: 1440, height: 900 })
    const tracked: Tracked[] = []
    let clicked = false
    page.on('request', (req) => {
      tracked.push({ req, start: Date.now(), bytes: 0, afterClick: clicked })
    })
    const done = (req: HTTPRequest) => {
      const t = tracked.find((x) => x.req === req)
      if (t) t.end = Date.now()
    }
    page.on('requestfinished', (req) => {
      done(req)
      const t = tracked.find((x) => x.req === req)
      const len = Number(req.response()?.headers()['content-length'] ?? 0)
      if (t) t.bytes = len
    })
    page.on('requestfailed', done)

    await page.goto(`${base}/#/redirect/login`, { waitUntil: 'load' })
    await page.waitForSelector('input[placeholder="请输入用户名"]')
    await quiet(tracked, Date.now())
    await page.type('input[placeholder="请输入用户名"]', USER.userName)
    await page.type('input[placeholder="请输入密码"]', USER.password)

    clicked = true
    const t0 = Date.now()
    await clickLogin(page)
    // A string, as it runs in the page (this package has no DOM types).
    await page.waitForFunction(
      `location.hash.startsWith('#/portal/home') && !!document.querySelector('[data-page="/portal/home"]')
      && !!document.querySelector('[data-testid="portal-header"]') && !document.querySelector('.ant-skeleton, .ant-spin-spinning')`,
      { timeout: 60_000 },
    )
    const shown = Date.now()
    const settled = await quiet(tracked, shown)

    const after = tracked.filter((t) => t.afterClick)
    const isJs = (t: Tracked) => t.req.resourceType() === 'script'
    const apiCalls = after
      .filter((t) => new URL(t.req.url()).pathname.startsWith('/base/'))
      .map((t) => ({
        method: t.req.method(),
        path: new URL(t.req.url()).pathname.replace(/^\/base\/(api\/)?/, ''),
        startMs: t.start - t0,
        endMs: (t.end ?? settled) - t0,
      }))
      .sort((a, b) => a.startMs - b.startMs)
    const login = apiCalls.find((c) => c.path.startsWith('auth/loginByUserPwd'))
    const kb = (list: Tracked[]) => list.filter(isJs).reduce((s, t) => s + t.bytes, 0) / 1024
    return {
      settledMs: settled - t0,
      loginCallMs: login ? login.endMs - login.startMs : NaN,
      apiCalls,
      jsBeforeKb: kb(tracked.filter((t) => !t.afterClick)),
      jsAfterKb: kb(after),
      jsFilesAfter: after.filter(isJs).length,
    }
  } finally {
    await context.close()
  }
}

/** `runs` sign-ins, each in a fresh browser context (cold cache, no stored login). */
export async function benchSignIn(base: string, runs = 3): Promise<SignInRun[]> {
  ensureWebBuilt()
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
  })
  try {
    const out: SignInRun[] = []
    for (let i = 0; i < runs; i++) out.push(await oneSignIn(browser, base))
    return out
  } finally {
    await browser.close()
  }
}

export function formatSignIn(runs: SignInRun[]): string {
  const sorted = [...runs].sort((a, b) => a.settledMs - b.settledMs)
  const median = sorted[Math.floor(sorted.length / 2)]!
  const lines = [
    `\nsign-in in headless Chromium (${USER.userName}, cold cache, ${runs.length} runs): 登录 → settled /portal/home`,
    `  median ${median.settledMs} ms (runs: ${runs.map((r) => r.settledMs).join(', ')} ms); login call ${median.loginCallMs} ms;` +
      ` ${median.apiCalls.length} API calls after the click; JS ${median.jsBeforeKb.toFixed(0)} kB for the login page,` +
      ` ${median.jsAfterKb.toFixed(0)} kB in ${median.jsFilesAfter} files after the click`,
    '  API calls of the median run (ms after the click):',
    ...median.apiCalls.map(
      (c) => `    ${String(c.startMs).padStart(5)}–${String(c.endMs).padEnd(5)} ${c.method} ${c.path}`,
    ),
  ]
  return lines.join('\n')
}
