import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

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

export interface RunningServer { url: string; stop: () => Promise<void> }

/** The real server (built web app, demo seed) on a free port with its own fresh PGlite directory. */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-e2e-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => { output += d })
  child.stderr?.on('data', (d) => { output += d })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const r = await fetch(`${url}/base/api/tenant/getLoginInfo`)
      if (r.ok) break
    } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start in 60 s:\n${output}`) }
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => { const t = setTimeout(() => { child.kill('SIGKILL'); r(null) }, 5000); child.once('exit', () => { clearTimeout(t); r(null) }) })
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromiumSandbox: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  })
}

export interface E2EContext { browser: Browser; baseUrl: string; newPage: (viewport?: { width: number; height: number }) => Promise<Page> }

export interface E2ETest { name: string; run: (ctx: E2EContext) => Promise<void> }

export const tests: E2ETest[] = []
export function test(name: string, run: (ctx: E2EContext) => Promise<void>): void {
  tests.push({ name, run })
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

/** Opens the antd Select `trigger` (its input or its box) and picks the option labelled `label`. */
export async function pick(page: Page, trigger: Locator, label: string): Promise<void> {
  await trigger.click()
  const dropdown = page.locator('.ant-select-dropdown:visible')
  await dropdown.locator('.ant-select-item-option').filter({ hasText: label }).first().click()
  // The list closes on a choice (with a short animation): wait, so the next click does not land on the list.
  await dropdown.waitFor({ state: 'hidden' })
}

/** Types a YYYY-MM-DD date into the antd DatePicker with `id` inside `scope` and confirms it. */
export async function typeDate(scope: Locator, id: string, value: string): Promise<void> {
  const input = scope.locator(`#${id}`)
  await input.click()
  await input.fill(value)
  await input.press('Enter')
}

/** The rows of the table(s) inside `screen` that contain `text`. */
export const tableRow = (screen: Locator, text: string): Locator => screen.locator('.ant-table-row').filter({ hasText: text })
