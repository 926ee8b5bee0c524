import { AppMsg } from '@zhixiao/shared'
import type { Locator, Page } from 'playwright-core'
import { assert, openLauncher, openUserMenu, signIn, tableRow, test } from '../harness.js'

/**
 * Issue 11 points 10, 11, 12 and 16: no dead doors in the header and the launcher, apps by user type, the 基础数据
 * tab of admins, help for each user type, and 投诉建议 for members.
 */

const DEMO_ENTRY = '/subapps/demo/index.html'

interface Offered {
  appId: number
  uniqueId: string
  name: string
  isScrap: boolean
  hasExpire: boolean
  /** 'oidc': an OpenID app (the school apps), opened top-level in a page of its own. */
  protocol: string | null
}

/** The user-menu item `label` (the menu opens on hover) of the portal header. */
async function userMenuItem(page: Page, label: string): Promise<Locator> {
  const item = (await openUserMenu(page)).locator('.ant-dropdown-menu-item').filter({ hasText: label }).first()
  await item.waitFor()
  return item
}

/** The apps of the signed-in user's groups as the server answers the header (with their scrap and expiry flags). */
function offered(page: Page): Promise<Offered[]> {
  return page.evaluate(async () => {
    const token = decodeURIComponent(/accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '')
    const r = await fetch('/base/mobileAppGroup/getAppGroupList?appType=3&filter=1&showDefaultGroup=true', {
      headers: { Authorization: `Bearer ${token}` },
    })
    return ((await r.json()) as { data: { appList: Offered[] }[] }).data.flatMap((g) => g.appList)
  })
}

/**
 * A click on an app: a page of its own opened (a sub-app frame or a portal page, not a home and not /404), or for a
 * scrapped or expired app the spec's refusal; never 应用未注册或未开通. An OpenID app opens in a new page, signed in
 * through the hub: it must arrive at the app showing who is signed in.
 */
async function assertOpened(
  page: Page,
  what: string,
  app: Offered | undefined,
  click: () => Promise<void>,
): Promise<void> {
  if (app?.protocol === 'oidc') {
    const [opened] = await Promise.all([
      page
        .context()
        .waitForEvent('page', { timeout: 20_000 })
        .catch(async (e: unknown) => {
          // Name what the portal showed instead (a refusal's message, another page), not only the time-out.
          const said = await page.locator('.ant-message').allInnerTexts()
          throw new Error(
            `${what} opened no page (${page.url()}; messages: ${said.join(' | ') || 'none'}): ${String(e)}`,
          )
        }),
      click(),
    ])
    await opened.getByTestId('viewer-name').waitFor({ timeout: 20_000 })
    assert(!page.url().includes('#/404'), `${what} leaves the portal where it was (${page.url()})`)
    await opened.close()
    return
  }
  await click()
  const closed = app?.isScrap ? AppMsg.SCRAPPED : app?.hasExpire ? AppMsg.EXPIRED : null
  if (closed) {
    await page.locator('.ant-message').getByText(closed).first().waitFor()
  } else {
    await page
      .locator('[data-testid="subapp-host"], [data-testid="subapp-refused"], [data-page]:not([data-page^="/portal/"])')
      .first()
      .waitFor()
    assert(!page.url().includes('#/404'), `${what} does not lead to /404 (${page.url()})`)
    assert((await page.getByTestId('subapp-refused').count()) === 0, `${what} is not refused`)
  }
  assert((await page.getByText(AppMsg.NOT_REGISTERED).count()) === 0, `${what} never says ${AppMsg.NOT_REGISTERED}`)
}

/** The unique ids of the launcher's tiles. */
async function launcherIds(page: Page): Promise<string[]> {
  const launcher = await openLauncher(page)
  const ids = await launcher
    .locator('[data-app]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-app') ?? ''))
  await page.keyboard.press('Escape')
  await launcher.waitFor({ state: 'hidden' })
  return [...new Set(ids)]
}

/** As jyjadmin (the district's top org): the 应用管理 row of `name` shows `state`; then its entry address is set to `entry`. */
async function setEntry(page: Page, baseUrl: string, name: string, state: string, entry: string): Promise<void> {
  await page.goto(`${baseUrl}/#/menhu-appManager/index`)
  const screen = page.locator('[data-page="/menhu-appManager/index"]')
  await screen.getByPlaceholder('应用名称或标识').fill(name)
  await screen.getByPlaceholder('应用名称或标识').press('Enter')
  const row = tableRow(screen, name)
  await row.getByTestId('app-state').filter({ hasText: state }).waitFor()
  await row.getByText('编辑').click()
  await page.waitForURL(/menhu-appManager\/addapp/)
  const form = page.locator('form')
  await form.getByLabel('入口地址').fill(entry)
  await form.getByRole('button', { name: '保存' }).click()
  await page.waitForURL(/menhu-appManager\/index/)
}

test('apps offer: as zhanglaoshi every header tab and every launcher app opens something, never 应用未注册或未开通', async ({
  baseUrl,
  newPage,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')
  const home = page.url()
  const apps = await offered(page)
  const byName = new Map(apps.map((a) => [a.name, a]))
  const byId = new Map(apps.map((a) => [a.uniqueId, a]))

  await page.getByTestId('app-tab').first().waitFor()
  const tabs = await page.getByTestId('app-tab').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))
  for (const [i, name] of tabs.entries()) {
    await page.goto(home)
    await assertOpened(page, `header tab ${name}`, byName.get(name), () => page.getByTestId('app-tab').nth(i).click())
  }

  await page.goto(home)
  const ids = await launcherIds(page)
  assert(ids.length === byId.size, `the launcher shows what the server offers (${ids.join(',')})`)
  for (const id of ids) {
    await page.goto(home)
    // From an app's page, goto(home) is a hash change the router renders a moment later; a click on 应用 before that
    // opens the launcher for the page being left, and it closes again as the home renders.
    await page.locator('[data-page="/portal/home"]').waitFor()
    const launcher = await openLauncher(page)
    await assertOpened(page, `launcher app ${id}`, byId.get(id), () =>
      launcher.locator(`[data-app="${id}"]`).first().click(),
    )
  }
})

test('apps offer: a teacher-only app with an entry is offered to zhanglaoshi, never to the student xiaoming; 应用管理 shows it 未配置 until then', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'jyjadmin')
  await setEntry(admin, baseUrl, '工资查询', `${AppMsg.NOT_CONFIGURED}：${AppMsg.MISSING_ENTRY}`, DEMO_ENTRY)
  // Each member in a browser of their own (a context shares one session cookie).
  const others = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  const students = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await others.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    assert((await launcherIds(teacher)).includes('salary'), 'the teacher is offered 工资查询 once it has an entry')

    const student = await students.newPage()
    await signIn(student, baseUrl, 'xiaoming')
    await student.getByTestId('app-tab').first().waitFor()
    const ids = await launcherIds(student)
    assert(ids.length > 0, 'the student has apps')
    for (const teacherOnly of ['salary', 'archive_teacher'])
      assert(!ids.includes(teacherOnly), `no ${teacherOnly} in the student's launcher`)
    const launcher = await openLauncher(student)
    await launcher.getByPlaceholder('搜索应用').fill('工资')
    await launcher.getByText('没有找到结果，请重新输入').waitFor()
    await student.keyboard.press('Escape')
    const tabs = await student.getByTestId('app-tab').allTextContents()
    assert(
      !tabs.some((t) => t.includes('工资') || t.includes('教师档案')),
      `no teacher app among the student's tabs (${tabs.join(',')})`,
    )
    // Asked directly, the server refuses it as a favourite and leaves it out of the fallback list.
    const salary = (await offered(teacher)).find((a) => a.uniqueId === 'salary')!
    const answer = await student.evaluate(async (appId) => {
      const token = decodeURIComponent(/accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '')
      const headers = { Authorization: `Bearer ${token}` }
      const add = (await (await fetch(`/base/oftenUse/addOftenUseApp?appId=${appId}`, { headers })).json()) as {
        code: number
        msg: string
      }
      const fallback = (await (await fetch('/base/api/tenant/getAppListById', { headers })).json()) as {
        data: { appUniqueId: string }[]
      }
      return { add, fallback: fallback.data.map((a) => a.appUniqueId) }
    }, salary.appId)
    assert(
      answer.add.msg === AppMsg.USER_TYPE_REFUSED,
      `starring 工资查询 as a student is refused (${JSON.stringify(answer.add)})`,
    )
    assert(!answer.fallback.includes('salary'), 'the fallback list has no 工资查询 for a student')
  } finally {
    await students.close()
    await others.close()
    await setEntry(admin, baseUrl, '工资查询', '正常', '')
  }
})

test('apps offer: 基础数据, the first header tab of the school and bureau admins, opens a base-data page, not /404', async ({
  baseUrl,
  newPage,
}) => {
  for (const userName of ['xxadmin', 'jyjadmin']) {
    const page = await newPage()
    await signIn(page, baseUrl, userName)
    const first = page.getByTestId('app-tab').first()
    assert((await first.getAttribute('title')) === '基础数据', `基础数据 is ${userName}'s first header tab`)
    await first.click()
    await page.waitForURL(/#\/base-/)
    await page.locator('[data-page^="/base-"]').first().waitFor()
    assert(
      !page.url().includes('#/404') && !page.url().includes('/base-set/system'),
      `${userName}: 基础数据 opened ${page.url()}`,
    )
    await page.close()
  }
})

test("apps offer: 帮助中心 gives teachers, students and parents their own help and admins the set-up guide; 投诉建议 is in members' user menu", async ({
  browser,
  baseUrl,
}) => {
  const cases = [
    { userName: 'zhanglaoshi', label: '教职工', topic: '应用与常用' },
    { userName: 'xiaoming', label: '学生', topic: '忘记密码' },
    { userName: 'xiaomingmama', label: '家长', topic: '孩子在不同学校' },
  ]
  for (const c of cases) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    try {
      const page = await context.newPage()
      await signIn(page, baseUrl, c.userName)
      await (await userMenuItem(page, '帮助中心')).click()
      await page.waitForURL(/#\/helpCenter\/index/)
      const help = page.locator('[data-page="/helpCenter/index"]')
      await help
        .getByTestId('help-intro')
        .filter({ hasText: `“${c.label}”` })
        .waitFor()
      await help.getByTestId('help-topic').filter({ hasText: c.topic }).waitFor()
      assert((await page.getByText('无访问权限').count()) === 0, `${c.userName}: no 无访问权限 in the help`)
      // The demo school opens 投诉建议 to all members: the user menu leads to the submit page and my submissions.
      await (await userMenuItem(page, '投诉建议')).click()
      await page.waitForURL(/#\/complaintSuggest\/submit/)
      await page.getByTestId('complaint-form').waitFor()
      await page.getByTestId('my-complaints').waitFor()
    } finally {
      await context.close()
    }
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const admin = await context.newPage()
    await signIn(admin, baseUrl, 'xxadmin')
    await (await userMenuItem(admin, '帮助中心')).click()
    await admin.waitForURL(/#\/base-useRoute\/index/)
    await admin.locator('[data-page="/base-useRoute/index"]').getByText('机构设置').first().waitFor()
  } finally {
    await context.close()
  }
})
