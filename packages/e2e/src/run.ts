// End-to-end suite: the built web app and the real server, driven in headless Chromium.
// The journeys run in two lanes side by side, each lane on its own server with its own fresh demo database, so the
// suite takes about half the time on the two-core CI machine (much of a journey is waiting on the browser or on a
// product limit such as the one-SMS-a-minute rule). Within a lane the journeys run in the order listed: some leave
// state a later one in the same lane expects or must avoid, as the notes say.
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import type { BrowserContext, Request } from 'playwright-core'
import { launchBrowser, REPO_ROOT, startServer, tests, type E2EContext, type E2ETest } from './harness.js'

type Load = () => Promise<unknown>
const lanes: Load[][] = [
  [
    // First: it only opens pages, and sees every account as the seed left it (each lane has its own fresh database).
    () => import('./tests/route-smoke.e2e.js'),
    () => import('./tests/login.e2e.js'),
    () => import('./tests/client-errors.e2e.js'),
    () => import('./tests/client-plumbing.e2e.js'),
    () => import('./tests/org-setup.e2e.js'),
    () => import('./tests/buildings.e2e.js'),
    () => import('./tests/base-data.e2e.js'),
    () => import('./tests/school-from-empty.e2e.js'),
    () => import('./tests/demo-district.e2e.js'),
    () => import('./tests/people-import.e2e.js'),
    () => import('./tests/verify-info.e2e.js'),
    () => import('./tests/org-excel.e2e.js'),
    () => import('./tests/study-month.e2e.js'),
    () => import('./tests/roles.e2e.js'),
    () => import('./tests/roles-sub-org.e2e.js'),
    () => import('./tests/super-admin.e2e.js'),
    () => import('./tests/menu-rules.e2e.js'),
    () => import('./tests/phone.e2e.js'),
    () => import('./tests/display-names.e2e.js'),
    () => import('./tests/input-safety.e2e.js'),
    () => import('./tests/assistant.e2e.js'),
    () => import('./tests/data-centre.e2e.js'),
    () => import('./tests/alliance.e2e.js'),
    // Reads xxadmin and zhanglaoshi as seeded and injects its odd answers in its own pages only.
    () => import('./tests/client-rules.e2e.js'),
    () => import('./tests/webhooks.e2e.js'),
    // Last: it leaves a published exam 第三单元测验 of 三年级(2)班 in 成绩管理 (its 成绩已发布 messages and red dots for
    // the class's pupils and parents, 王小明 and xiaomingmama among them), and one generated parent of that class
    // signed in once with a password of her own instead of the initial one.
    () => import('./tests/grades-app.e2e.js'),
    // Reads 王小明's detail as xxadmin (one access-log line) and xiaomingmama's 谁查看了孩子的信息; changes nothing else.
    () => import('./tests/privacy-log.e2e.js'),
    // Reveals a generated teacher's phone of 第一实验小学 as xxadmin twice (two reveal lines) and saves his edit form
    // unchanged (his stored facts stay as they were).
    () => import('./tests/people-masking.e2e.js'),
    // Adds a student 审批导出生 (with an ID number and a phone) to 王小明's class and leaves one approved, downloaded
    // full export of it by xxadmin, approved by jyjadmin (the demo's personal-information officer).
    () => import('./tests/privacy-export.e2e.js'),
    // Last: xxadmin graduates a generated pupil (not 王小明, not of 三年级(2)班; a 毕业 change type is added if the
    // demo has none): the graduation ends the guardian binding (and the parent's membership if it was their only child
    // there), and jyjadmin's 立即执行 scrubs the pupil's phone; the periods go back to the defaults afterwards, but
    // anyone archived earlier in this lane has had contact and family scrubbed too.
    () => import('./tests/privacy-retention.e2e.js'),
    // Sets the alumni account period (jyjadmin, 375 px) and sets it back to the default; adds a pupil 校友… to a class
    // of 第一实验小学 and graduates them by a 毕业 异动 (they sign in on a phone to the alumni page); opens xxadmin's 校友
    // page, which lists them and the pupil graduated just before.
    () => import('./tests/alumni.e2e.js'),
    // Last: jyjadmin creates the 学年结转 plan for the next school year, approves it, runs 第一实验小学 alone and undoes
    // that run, so the school's grades, classes and pupils are as it found them; the approved plan stays, with
    // 第一实验小学 已撤销 and every other school 待结转 (a later journey creating a plan would be refused: one a year).
    () => import('./tests/rollover.e2e.js'),
  ],
  [
    // First in its lane: it reads the demo as seeded (header style 1, no favourites) and changes nothing.
    () => import('./tests/accessibility.e2e.js'),
    () => import('./tests/apps.e2e.js'),
    // Before portal-header: that test leaves the demo school on header style 2 (group menus), and apps-offer reads the style-1 tabs.
    () => import('./tests/apps-offer.e2e.js'),
    () => import('./tests/app-access.e2e.js'),
    () => import('./tests/portal-home.e2e.js'),
    () => import('./tests/portal-header.e2e.js'),
    () => import('./tests/complaints.e2e.js'),
    () => import('./tests/signup.e2e.js'),
    () => import('./tests/sms-login.e2e.js'),
    // It enrols a demo administrator in TOTP (and turns it off again at its end).
    () => import('./tests/qr-mfa.e2e.js'),
    () => import('./tests/sso.e2e.js'),
    () => import('./tests/oidc-app.e2e.js'),
    // Adds two generated teachers of 第一实验小学 (e2e_oidc_sms; e2e_oidc_totp with TOTP enrolled, two recovery codes
    // used, bound to an outside identity) and points the demo's OpenID single sign-on at its own provider for its run
    // (a config it added goes again; an existing one gets its name, issuer and client id back, not its old secret).
    () => import('./tests/oidc-ways-in.e2e.js'),
    () => import('./tests/campus-portal.e2e.js'),
    // It gives 李老师 a second subject in 三年级(2)班 and puts the class back as it found it.
    () => import('./tests/class-teachers.e2e.js'),
    () => import('./tests/pc-portal-config.e2e.js'),
    () => import('./tests/mobile-portal.e2e.js'),
    () => import('./tests/red-dots.e2e.js'),
    // Last: it leaves the demo parent xiaomingmama a member of a second school, so a later test signing her in would
    // meet the organisation choice (sign her in at /#/redirect/login?orgId=<school> there).
    () => import('./tests/messages.e2e.js'),
    () => import('./tests/base-data-extra.e2e.js'),
    () => import('./tests/tenant-switch.e2e.js'),
    // Changes and restores the demo tenant's module type and domain and the config centre.
    () => import('./tests/startup-params.e2e.js'),
    () => import('./tests/stub-settings.e2e.js'),
    // Adds one statistics snapshot of the demo district (秋季统计) and changes nothing else.
    () => import('./tests/school-stats.e2e.js'),
    // Publishes 隐私政策 v2 of the demo district (later journeys see v2 on the login page) and leaves one signed-up
    // parent with no request to join; downloads the year's audit pack.
    () => import('./tests/privacy-notice.e2e.js'),
    () => import('./tests/cas.e2e.js'),
    // It leaves an approved sick leave of 王小明 for tomorrow in 请假审批 (its 请假申请已批准 message read by
    // xiaomingmama), and one generated parent of 三年级(2)班 signed in once with a password of her own instead of the
    // initial one.
    () => import('./tests/leave-app.e2e.js'),
    // Asks and withdraws a leave of zhanglaoshi's own (nothing of it waits afterwards); downloads xxadmin's 请假统计.
    () => import('./tests/school-apps-staff.e2e.js'),
    // Last: it registers a third-party app and leaves one given-and-withdrawn consent of xiaomingmama for it.
    () => import('./tests/privacy-consent.e2e.js'),
    // After privacy-consent: it moves a generated student of 三年级(2)班 (not 王小明) and her generated mother from
    // 第一实验小学 to the district's 初中, and leaves a generated staff member of the 初中 with the admin role.
    () => import('./tests/transfers.e2e.js'),
    // Last: it adds a generated live pupil to the district's 初中 and two generated new pupils to 第一实验小学's 一年级
    // (the intake grade), placed in two of its classes (each one pupil larger), and one intake import job (导入记录).
    () => import('./tests/intake.e2e.js'),
  ],
]

const laneTests: E2ETest[][] = []
for (const lane of lanes) {
  const start = tests.length
  for (const load of lane) await load()
  laneTests.push(tests.slice(start))
}

// The portal's pages and the school apps' pages (the apps' journeys open them), each built if missing.
for (const [built, workspace] of [
  ['packages/web/dist/index.html', '@zhixiao/web'],
  ['packages/school-apps/dist/leave.html', '@zhixiao/school-apps'],
] as const) {
  if (fs.existsSync(path.join(REPO_ROOT, built))) continue
  const b = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: REPO_ROOT, stdio: 'inherit' })
  if (b.status !== 0) process.exit(1)
}

// E2E_ONLY runs the tests whose names contain one of its |-separated parts.
const only = process.env.E2E_ONLY?.split('|').filter(Boolean)
const selected = laneTests.map((lane) => (only ? lane.filter((t) => only.some((part) => t.name.includes(part))) : lane))
const browser = await launchBrowser()
let passed = 0
const failures: { name: string; error: string }[] = []
const shotDir = path.join(REPO_ROOT, 'test-results')

/**
 * What a failure report needs beyond the assertion: the requests still unanswered (a hung call or chunk leaves the
 * page waiting silently), the failed ones, and the pages' console errors.
 */
function watch(context: BrowserContext): () => string[] {
  const pending = new Map<Request, number>()
  const events: string[] = []
  const at = (r: Request) => `${r.method()} ${r.url()}`
  context.on('request', (r) => pending.set(r, Date.now()))
  context.on('requestfinished', (r) => pending.delete(r))
  context.on('requestfailed', (r) => {
    pending.delete(r)
    events.push(`request failed: ${at(r)} ${r.failure()?.errorText ?? ''}`)
  })
  context.on('console', (m) => {
    if (m.type() === 'error') events.push(`console error: ${m.text().slice(0, 300)}`)
  })
  context.on('weberror', (e) => events.push(`page error: ${e.error().message.slice(0, 300)}`))
  return () => [
    ...events.slice(-20),
    ...[...pending].map(([r, since]) => `unanswered for ${Date.now() - since} ms: ${at(r)}`),
  ]
}

/** Waits for `p` at most `ms`; past that resolves to 'timeout' (what `p` does later is ignored). */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  return Promise.race([p, limit]).finally(() => clearTimeout(timer))
}

// E2E_LANE_B_NODE: the node binary of lane B's server (scripts/test-all.mjs gives it CI's second Node version).
const laneNode = (label: string) => (label === 'B' && process.env.E2E_LANE_B_NODE) || process.execPath

async function runLane(mine: E2ETest[], label: string): Promise<void> {
  if (mine.length === 0) return
  const node = laneNode(label)
  const server = await startServer(node)
  console.log(`  lane ${label}: server on node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`)
  try {
    for (const t of mine) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
      // Playwright's own defaults, stated: no wait of a journey's steps is unbounded even if its default changes.
      context.setDefaultTimeout(30_000)
      context.setDefaultNavigationTimeout(30_000)
      const trace = watch(context)
      const ctx: E2EContext = {
        browser,
        baseUrl: server.url,
        appsUrl: server.appsUrl,
        newPage: async (viewport) => {
          const p = await context.newPage()
          if (viewport) await p.setViewportSize(viewport)
          return p
        },
      }
      const started = Date.now()
      // A journey past its limit is abandoned: its report is taken while its pages are still open, then its context
      // is closed, which fails whatever it still awaits in the browser (an evaluate, a wait), and the lane goes on.
      const running = t.run(ctx)
      running.catch(() => {}) // an abandoned journey's later failure is not an unhandled rejection
      try {
        if ((await within(running, t.timeoutMs)) === 'timeout')
          throw new Error(`timed out after ${t.timeoutMs} ms (the journey's time limit)`)
        passed++
        console.log(`  ✓ ${label} ${t.name} (${Date.now() - started} ms)`)
      } catch (e) {
        const error = String((e as Error).stack ?? e)
        failures.push({ name: t.name, error })
        console.log(`  ✗ ${label} ${t.name} (${Date.now() - started} ms)\n    ${error}`)
        for (const p of context.pages()) console.log(`    page at ${p.url()}`)
        for (const line of trace()) console.log(`    ${line}`)
        fs.mkdirSync(shotDir, { recursive: true })
        for (const [i, p] of context.pages().entries()) {
          // Bounded: a page hung in its renderer cannot take a screenshot either.
          const shot = path.join(shotDir, `${t.name.replace(/[^\w\u4e00-\u9fa5]+/g, '_')}-${i}.png`)
          await p.screenshot({ path: shot, timeout: 10_000 }).then(
            () => console.log(`    screenshot ${path.relative(REPO_ROOT, shot)}`),
            () => {},
          )
        }
      } finally {
        if (
          (await within(
            context.close().catch(() => {}),
            30_000,
          )) === 'timeout'
        )
          console.log(`    (${label}: the browser context of "${t.name}" did not close in 30 s; going on)`)
      }
    }
  } finally {
    await server.stop()
  }
}

try {
  await Promise.all(selected.map((mine, i) => runLane(mine, String.fromCharCode(65 + i))))
} finally {
  await browser.close()
}
console.log(`e2e: ${passed} passed, ${failures.length} failed`)
// Repeated at the end, where a log cut to its tail still shows them.
for (const f of failures) console.log(`  ✗ ${f.name}\n    ${f.error.split('\n').slice(0, 6).join('\n    ')}`)
if (process.env.E2E_REPORT)
  fs.writeFileSync(
    process.env.E2E_REPORT,
    JSON.stringify({ passed, failed: failures.length, failures: failures.map((f) => f.name) }),
  )
process.exit(failures.length ? 1 : 0)
