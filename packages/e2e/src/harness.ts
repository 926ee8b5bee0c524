import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { classContracts, parentContracts, type AnyContract, type DataOf, type InputOf } from '@zhixiao/shared'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** How long any one HTTP call a journey makes itself (not through the browser) may take. */
const HTTP_TIMEOUT_MS = 30_000

// Node's fetch has no time limit of its own: a call the server never answers would hold its journey until the
// journey's limit. Every fetch in this process (the helpers below and the journeys' own calls) gets one unless it
// brings its own signal.
const untimedFetch = globalThis.fetch
globalThis.fetch = (input, init) =>
  untimedFetch(input, init?.signal ? init : { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) })

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export interface RunningServer {
  url: string
  /** The school apps' origin (请假审批 at /leave/, 成绩管理 at /grades/), started by the server beside the portal. */
  appsUrl: string
  stop: () => Promise<void>
}

/**
 * The real server (built web app, demo seed) on a free port with its own fresh PGlite directory, run by the node
 * binary `node` (CI runs one lane's server on a second Node version, scripts/test-all.mjs), with the school apps on a
 * second free port. Both origins are the 127.0.0.1 addresses the browser uses, so the OpenID issuer the apps trust is
 * the one the browser signs in at.
 */
export async function startServer(node = process.execPath): Promise<RunningServer> {
  const port = await freePort()
  let appsPort = await freePort()
  while (appsPort === port) appsPort = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-e2e-'))
  const child: ChildProcess = spawn(node, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ALLOW_LOOPBACK_PROVIDERS: '1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      APPS_PORT: String(appsPort),
      SCHOOL_APPS_ORIGIN: `http://127.0.0.1:${appsPort}`,
      SCHOOL_APPS: '1',
      APPS_DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const url = `http://127.0.0.1:${port}`
  // A first start migrates and seeds the whole demo district (PGlite, password hashes): seconds on an idle machine,
  // but a CI machine shared with other work can take minutes. The suite measures pages, not start-up (npm run bench does).
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const r = await fetch(`${url}/base/api/tenant/getLoginInfo`, { signal: AbortSignal.timeout(5_000) })
      if (r.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start in 180 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    appsUrl: `http://127.0.0.1:${appsPort}`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL')
            r(null)
          }, 5000)
          child.once('exit', () => {
            clearTimeout(t)
            r(null)
          })
        })
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromiumSandbox: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}

export interface E2EContext {
  browser: Browser
  baseUrl: string
  /** The school apps' origin (see RunningServer.appsUrl). */
  appsUrl: string
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>
}

/**
 * A journey's time limit unless it names its own. The slowest journey, the sign-up (it waits out the product's
 * one-SMS-a-minute rule), takes a little over a minute; past two something hangs, and the journey is abandoned (run.ts)
 * so the lane goes on.
 */
const JOURNEY_TIMEOUT_MS = 120_000

export interface E2ETest {
  name: string
  run: (ctx: E2EContext) => Promise<void>
  timeoutMs: number
}

export const tests: E2ETest[] = []
/** A journey; `options.timeoutMs` raises its time limit when it legitimately waits longer (a product's own delay). */
export function test(
  name: string,
  run: (ctx: E2EContext) => Promise<void>,
  options: { timeoutMs?: number } = {},
): void {
  tests.push({ name, run, timeoutMs: options.timeoutMs ?? JOURNEY_TIMEOUT_MS })
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message)
}

/** Logs in through the real login page and waits for a portal landing page. */
export async function signIn(page: Page, base: string, userName: string, password = 'Demo@2026'): Promise<void> {
  await page.goto(`${base}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/#\/portal\//)
}

/** Signs the platform's super administrator in at /redirect/admin; he lands on /base-set. */
export async function signInSuperAdmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/#/redirect/admin`)
  await page.getByPlaceholder('请输入用户名').fill('administrator')
  await page.getByPlaceholder('请输入密码').fill('Admin@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/#\/base-set/)
}

/** Signs in a member of several orgs (lilaoshi) and picks `orgName` on the organisation selection page. */
export async function signInPickingOrg(page: Page, base: string, userName: string, orgName: string): Promise<void> {
  await page.goto(`${base}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill('Demo@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.getByText(orgName).first().click()
  await page.getByRole('button', { name: '确定' }).click()
  await page.waitForURL(/#\/portal\/home/)
}

/**
 * Opens the signed-in header's user menu (data-testid user-menu; every header has one, and every user menu ends in
 * 退出) and returns the open menu. It opens on hover: the pointer first leaves the trigger, so the hover is always a
 * fresh mouseenter, even when the pointer was already resting on the trigger after an earlier step.
 */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.mouse.move(0, 0)
  await page.getByTestId('user-menu').hover()
  const menu = page
    .locator('.ant-dropdown:visible')
    .filter({ has: page.getByRole('menuitem', { name: '退出', exact: true }) })
  await atRest(menu)
  return menu
}

/** Opens the header's user menu and clicks `item` (修改密码, 切换机构, 退出 …). */
export async function openUserMenuItem(page: Page, item: string): Promise<void> {
  await (await openUserMenu(page)).getByRole('menuitem', { name: item, exact: true }).click()
}

/** Collects the page's uncaught errors and unhandled promise rejections; the returned check fails on any. */
export function watchPageErrors(page: Page): () => void {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.stack || e.message || String(e)))
  return () => assert(errors.length === 0, `uncaught errors in the page:\n${errors.join('\n')}`)
}

/** The super administrator changes the demo tenant's settings (tenant/update), e.g. its login settings. */
export async function updateDemoTenant(base: string, patch: Record<string, unknown>): Promise<void> {
  const json = (r: Response) =>
    r.json() as Promise<{
      code: number
      msg: string
      data: { userToken?: string; list?: { id: number; uniqueName: string }[] }
    }>
  const login = await fetch(`${base}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName: 'administrator',
      password: 'Admin@2026',
      loginType: 1,
      version: 2,
      needRandomOrg: false,
    }),
  }).then(json)
  const auth = { authorization: `Bearer ${login.data.userToken}` }
  const tenants = await fetch(`${base}/base/api/tenant/query?keyword=demo-district`, { headers: auth }).then(json)
  const id = tenants.data.list?.find((t) => t.uniqueName === 'demo-district')?.id
  assert(id, 'the demo tenant exists')
  const r = await fetch(`${base}/base/api/tenant/update`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ id, ...patch }),
  }).then(json)
  assert(r.code === 0, `tenant/update: ${r.msg}`)
}

/**
 * Waits until an antd popup (a Select's list, a Dropdown's menu) is shown and its opening animation is over: while
 * its motion classes (…-appear, …-enter) are on, a click can land on an option that is re-rendered between the
 * mouse press and release and be lost, as a loaded CI machine showed (the option highlighted, nothing chosen).
 */
export async function atRest(popup: Locator): Promise<void> {
  await popup.and(popup.page().locator(':not([class*="-appear"]):not([class*="-enter"])')).waitFor()
}

/**
 * Opens the portal header's app launcher (an antd Popover) and waits until it shows its groups (or says it has none)
 * and its opening zoom is over: a click during the zoom was seen on a loaded machine to press on one tile (the panel
 * at 0.8 scale, transparent) and release on a group title as the panel grew, so nothing opened.
 */
export async function openLauncher(page: Page): Promise<Locator> {
  await page.getByTestId('app-launcher-trigger').click()
  const launcher = page.getByTestId('app-launcher')
  await launcher.locator('.zx-launcher-group, [data-testid="app-launcher-empty"]').first().waitFor()
  await atRest(page.locator('.ant-popover').filter({ has: launcher }))
  return launcher
}

/**
 * The dropdown of one antd Select: found through its listbox id (`<input id>_list`), never as "the visible dropdown",
 * because the list of the Select used just before may still be fading out (antd's leave animation) and match too.
 */
async function openSelect(
  page: Page,
  trigger: Locator,
  typed?: string,
): Promise<{ dropdown: Locator; input: Locator }> {
  const found = trigger.locator('xpath=self::input | descendant::input[@role="combobox"]').first()
  await found.click()
  if (typed !== undefined) await found.fill(typed)
  const id = await found.getAttribute('id')
  assert(id, 'the Select has an input id')
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) })
  await atRest(dropdown)
  // From here on the Select is found by its id: a trigger found by the text it shows ('全部年级') stops matching
  // as soon as a choice replaces that text.
  return { dropdown, input: page.locator(`[id="${id}"]`) }
}

/** Opens the antd Select `trigger` (its input or its box), optionally types `typed` to filter, and picks `label`. */
export async function pick(page: Page, trigger: Locator, label: string | RegExp, typed?: string): Promise<void> {
  const { dropdown, input } = await openSelect(page, trigger, typed)
  await dropdown.locator('.ant-select-item-option').filter({ hasText: label }).first().click()
  await closed(input)
}

/**
 * Waits until the Select is closed: its combobox says aria-expanded="false". A closing list takes no pointer events
 * (rc-trigger sets pointer-events: none as soon as it closes), so the next click cannot land on it; waiting for the
 * fade-out itself instead failed once on a loaded machine, where the list stayed painted long after it had closed.
 */
async function closed(input: Locator): Promise<void> {
  await input.and(input.page().locator('[aria-expanded="false"]')).waitFor()
}

/** A multiple Select stays open after a choice: pick `label`, then close it with Escape. */
export async function pickMany(page: Page, trigger: Locator, label: string): Promise<void> {
  const { dropdown, input } = await openSelect(page, trigger)
  await dropdown.locator('.ant-select-item-option').filter({ hasText: label }).first().click()
  await input.press('Escape')
  await closed(input)
}

/** Types a YYYY-MM-DD date into the antd DatePicker with `id` inside `scope` and confirms it. */
export async function typeDate(scope: Locator, id: string, value: string): Promise<void> {
  const input = scope.locator(`#${id}`)
  await input.click()
  await input.fill(value)
  await input.press('Enter')
}

/** The rows of the table(s) inside `screen` that contain `text`. */
export const tableRow = (screen: Locator, text: string): Locator =>
  screen.locator('.ant-table-row').filter({ hasText: text })

/** An API answer's envelope. */
export type Env<T> = { code: number; msg: string; data: T }

/** Calls the API as the app does: GET without a body, POST with a JSON one, the session as a bearer header. */
// The default `any` lets a test read the shape it expects without declaring it (each call reads its own).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  base: string,
  path: string,
  init: { body?: unknown; token?: string } = {},
): Promise<Env<T>> {
  const r = await fetch(`${base}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(30_000),
  })
  return r.json() as Promise<Env<T>>
}

/** A session token of a password sign-in (the demo password unless given). */
export async function tokenOf(base: string, userName: string, password = 'Demo@2026'): Promise<string> {
  const r = await api<{ userToken?: string }>(base, '/base/api/auth/loginByUserPwd', {
    body: { userName, password, loginType: 1, version: 2, needRandomOrg: false },
  })
  assert(r.data?.userToken, `login of ${userName}: ${r.msg}`)
  return r.data.userToken
}

/** The code of the demo tenant's latest outbox message, read as a fresh install reads it: the super administrator's log. */
export async function latestSmsCode(base: string): Promise<string> {
  const sup = await tokenOf(base, 'administrator', 'Admin@2026')
  const tenants = await api<{ list: { id: number; uniqueName: string }[] }>(
    base,
    '/base/api/tenant/query?keyword=demo-district',
    { token: sup },
  )
  const tenantId = tenants.data.list.find((t) => t.uniqueName === 'demo-district')?.id
  assert(tenantId !== undefined, 'the demo tenant exists')
  const page = await api<{ list: { id: number; status: string }[] }>(
    base,
    `/base/api/sms/log/page?tenantId=${tenantId}&pageSize=1`,
    { token: sup },
  )
  const row = page.data.list[0]
  assert(row?.status === 'outbox', `the latest SMS is in the outbox: ${JSON.stringify(page)}`)
  const full = await api<{ content: string }>(base, `/base/api/sms/log/full?tenantId=${tenantId}&id=${row.id}`, {
    token: sup,
  })
  const code = /\d{6}/.exec(full.data.content)?.[0]
  assert(code, `a code in ${full.data.content}`)
  return code
}

/** Calls a contract of the portal's API with a session token and answers its data; any refusal fails the journey. */
export async function callAs<C extends AnyContract>(base: string, c: C, input: InputOf<C>, token: string) {
  const r: Env<DataOf<C>> = await api<DataOf<C>>(base, c.path, { body: input, token })
  assert(r.code === 0, `${c.path} answered ${r.code} ${r.msg}`)
  return r.data
}

/** The demo tenant's initial password: every generated account starts on it and must change it at its first sign-in. */
export const INITIAL_PASSWORD = 'Zx123456'

export interface OtherParent {
  userName: string
  trueName: string
  children: { trueName: string; className: string }[]
  /** Her child in the class she was found by. */
  classmate: { trueName: string; className: string }
}

/**
 * A generated parent of `className` (第一实验小学, as its school admin xxadmin lists them) who is neither xiaomingmama
 * nor a parent of `notChild`, still on the initial password (the seed's parents have phones as login names) — one
 * with two children if the class has one, so a child picker has something to show. Each lane has its own database,
 * so a journey of one lane never sees what a journey of the other did to her.
 */
export async function anotherParent(base: string, className: string, notChild: string): Promise<OtherParent> {
  const school = await tokenOf(base, 'xxadmin')
  const classes = await callAs(base, classContracts.page, { archived: false, pageSize: 500 }, school)
  const klass = classes.list.find((c) => `${c.gradeName}${c.name}` === className)
  assert(klass, `第一实验小学 has ${className}`)
  const parents = await callAs(
    base,
    parentContracts.page,
    { classId: klass.id, archived: false, pageSize: 100 },
    school,
  )
  const candidates = parents.list.filter(
    (p) => p.userName !== 'xiaomingmama' && p.children.every((c) => c.trueName !== notChild),
  )
  const other = candidates.find((p) => p.children.length > 1) ?? candidates[0]
  assert(other, `${className} has a parent who is not ${notChild}'s`)
  // Her login name is her phone, which the list answers masked: xxadmin reveals it (a logged reveal with a reason).
  let userName = other.userName
  if (userName.includes('*')) {
    const revealed = await api<{ value: string | null }>(base, '/base/api/privacy/reveal', {
      token: school,
      body: { userInfoId: other.id, field: 'phone', reason: '测试用：取家长登录名（E2E）' },
    })
    assert(revealed.data?.value, `${other.trueName}'s login name is revealed: ${revealed.msg}`)
    userName = revealed.data.value
  }
  const first = await api<{ mustRstPwdId?: string }>(base, '/base/api/auth/loginByUserPwd', {
    body: { userName, password: INITIAL_PASSWORD, loginType: 1, version: 2, needRandomOrg: false },
  })
  assert(first.data?.mustRstPwdId, `${userName} is still on the initial password: ${first.msg}`)
  const children = other.children.map((c) => ({ trueName: c.trueName, className: c.className ?? '' }))
  const classmate = children.find((c) => c.className === className)
  assert(classmate, `${other.trueName}'s child in ${className}`)
  return { userName, trueName: other.trueName, children, classmate }
}

/**
 * A first sign-in on the initial password through the real login page: the page asks for a password of her own,
 * she sets `newPassword` and lands on the portal.
 */
export async function signInFirstTime(page: Page, base: string, userName: string, newPassword: string): Promise<void> {
  await page.goto(`${base}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill(INITIAL_PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const dialog = page.locator('.ant-modal')
  await dialog.getByText('密码长度为8-20位').first().waitFor()
  // The dialog zooms in (antd's motion): a click while it still grows can press on 确定 and release beside it, the
  // way the launcher's tiles were missed on a loaded machine (openLauncher).
  await atRest(dialog)
  const inputs = dialog.locator('input[type="password"]')
  for (const i of [0, 1]) {
    await inputs.nth(i).fill(newPassword)
    assert((await inputs.nth(i).inputValue()) === newPassword, `${userName}'s new password is typed in field ${i + 1}`)
  }
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  // A first sign-in that stops short fails with what the page said (a refusal in the dialog or on the login form),
  // not only with the time-out.
  await page.waitForURL(/#\/portal\//).catch(async (e: unknown) => {
    const said = await page
      .locator('.ant-modal, .ant-alert, .ant-form-item-explain-error, .ant-message')
      .allInnerTexts()
      .catch(() => [])
    throw new Error(
      `${userName}'s first sign-in did not reach the portal (at ${page.url()}); the page says: ${said.join(' | ').slice(0, 400)}`,
      { cause: e },
    )
  })
}
