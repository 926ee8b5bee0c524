import type { Page } from 'playwright-core'
import { assert, openUserMenuItem, test, updateDemoTenant, watchPageErrors } from '../harness.js'

const DEMO = 'Demo@2026'

async function fillLogin(page: Page, userName: string, password: string) {
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

async function loginAs(page: Page, base: string, userName: string, password = DEMO, path = '/#/redirect/login') {
  await page.goto(base + path)
  await fillLogin(page, userName, password)
}

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0]

test('super administrator logs in at /redirect/admin and lands on /base-set', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'administrator', 'Admin@2026', '/#/redirect/admin')
  await page.waitForURL(/#\/base-set/)
  assert(hashPath(page).startsWith('/base-set'), `landed on ${page.url()}`)
  await page.locator('[data-layout="default"]').waitFor()
})

test('a school teacher lands on /portal/home and sees their name and school', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'zhanglaoshi')
  await page.waitForURL(/#\/portal\/home/)
  await page.locator('[data-page="/portal/home"]').waitFor()
  await page.getByText('张老师').first().waitFor()
  await page.getByText('示范区第一实验小学').first().waitFor()
  // The fixed redirects of 000 §2.4 / 001 §2.1 (ROUTE_REDIRECTS), the bare bureau-school platform entry among them.
  for (const [from, to] of [
    ['/portal-home/home', '/portal/home'],
    ['/jdLogin/jdPlatForm', '/jdLogin/jdPlatForm/index'],
  ]) {
    await page.goto(`${baseUrl}/#${from}`)
    await page.waitForURL((u) => u.hash === `#${to}`)
    await page.locator(`[data-page="${to}"]`).waitFor()
  }
})

test('bureau staff (unit attribute below 8) lands on /portal/home by sc_menhu_menu_jujiguan', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'jyjstaff')
  await page.waitForURL(/#\/portal\/home/)
  await page.getByText('示范区教育局').first().waitFor()
})

test('a teacher of two organisations picks one and lands in it', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'lilaoshi')
  await page.getByText('示范区第二中学').first().waitFor()
  assert(!hashPath(page).startsWith('/portal'), `should be choosing an org, at ${page.url()}`)
  // Confirming with nothing chosen asks for a choice.
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByText('请选择要切换的机构').waitFor()
  await page.getByText('示范区第二中学').first().click()
  await page.getByRole('button', { name: '确定' }).click()
  await page.waitForURL(/#\/portal\/home/)
  await page.getByText('示范区第二中学').first().waitFor()
})

test('a user on the initial password must change it, then lands', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  const noPageErrors = watchPageErrors(page)
  await loginAs(page, baseUrl, 'wanglaoshi', 'Zx123456')
  const dialog = page.locator('.ant-modal')
  await dialog.waitFor()
  await dialog.getByText('密码长度为8-20位').first().waitFor()
  // Confirming the empty dialog shows the required messages and nothing else (it used to reject unhandled).
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await dialog.locator('.ant-form-item-explain-error').getByText('请输入新密码').first().waitFor()
  const inputs = dialog.locator('input[type="password"]')
  await inputs.nth(0).fill('Fresh2026x')
  await inputs.nth(1).fill('Other2026x')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await page.getByText('两次密码不一致').first().waitFor()
  await inputs.nth(1).fill('Fresh2026x')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await page.getByText('修改成功').first().waitFor()
  await page.waitForURL(/#\/portal\/home/)
  await page.getByText('王老师').first().waitFor()
  noPageErrors()
})

test('a student is sent to the student site with a single-use once-token in ?accesstoken=, never the session token', async ({
  newPage,
  baseUrl,
}) => {
  // The demo sub-application stands in for the student site: it swaps ?accesstoken= and shows who signed in.
  const site = `${baseUrl}/subapps/demo/`
  await updateDemoTenant(baseUrl, { studentSiteUrl: site })
  try {
    const page = await newPage()
    const noPageErrors = watchPageErrors(page)
    const documents: string[] = []
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url())
    })
    await loginAs(page, baseUrl, 'xiaoming')
    await page.getByTestId('demo-user-name').getByText('王小明').waitFor()
    const sent = documents.find((u) => u.startsWith(site))
    assert(sent, `no navigation to the student site: ${documents.join(' | ')}`)
    const once = new URL(sent).searchParams.get('accesstoken') ?? ''
    assert(/^t\d+\./.test(once) && !sent.includes('#token='), `the student site was opened with ${sent}`)
    const session = decodeURIComponent(
      (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value ?? '',
    )
    assert(
      session &&
        session !== once &&
        documents.every((u) => !u.includes(session) && !u.includes(encodeURIComponent(session))),
      'the 30-day session token appeared in a URL',
    )
    // Single use: the student site spent it.
    const again = await fetch(`${baseUrl}/base/api/auth/swap/once/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ onceToken: once }),
    })
    assert(again.status === 401, `a spent once-token answered ${again.status}`)
    noPageErrors()
  } finally {
    await updateDemoTenant(baseUrl, { studentSiteUrl: '' })
  }
})

test('a wrong password shows 登录失败 and stays on the login page', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'zhaolaoshi', 'Wrong2026x')
  await page.getByText('登录失败').first().waitFor()
  assert(hashPath(page) === '/redirect/login', `moved to ${page.url()}`)
})

test('a signed-out visitor is sent to the login page with the redirect query, and comes back after login', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await page.goto(`${baseUrl}/#/portal/personal`)
  await page.waitForURL(/#\/redirect\/login\?/)
  const q = new URLSearchParams(page.url().split('?')[1])
  assert(q.get('redirect') === '/portal/personal' && q.get('from') === 'own', `query was ${page.url()}`)
  await fillLogin(page, 'zhaolaoshi', DEMO)
  await page.waitForURL(/#\/portal\/personal/)
})

test('a route the user lacks the page permission for goes to /404, unless filterRoles=1', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'zhanglaoshi')
  await page.waitForURL(/#\/portal\/home/)
  await page.goto(`${baseUrl}/#/roles-roleManage`)
  await page.waitForURL(/#\/404/)
  await page.goto(`${baseUrl}/#/roles-roleManage?filterRoles=1`)
  await page.locator('[data-page="/roles-roleManage"]').waitFor()
  await page.goto(`${baseUrl}/#/no/such/page`)
  await page.waitForURL(/#\/404/)
})

test('logout ends the session and clears the stored login', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await loginAs(page, baseUrl, 'zhanglaoshi')
  await page.waitForURL(/#\/portal\/home/)
  const cookie = await page.evaluate(() => document.cookie)
  const token = decodeURIComponent(/accessToken=([^;]+)/.exec(cookie)?.[1] ?? '')
  assert(token, 'token cookie was not set')
  // The header's user menu (the home's greeting also shows the name, so not by text).
  await openUserMenuItem(page, '退出')
  await page.waitForURL(/#\/redirect\/login/)
  const after = await page.evaluate(() => ({ cookie: document.cookie, keys: Object.keys(localStorage) }))
  assert(!after.cookie.includes('accessToken='), `cookie still there: ${after.cookie}`)
  const res = await page.request.get(`${baseUrl}/base/api/account/user/current/detail`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  assert(res.status() === 401, `the old token still answers ${res.status()}`)
  await page.goto(`${baseUrl}/#/portal/home`)
  await page.waitForURL(/#\/redirect\/login/)
})
