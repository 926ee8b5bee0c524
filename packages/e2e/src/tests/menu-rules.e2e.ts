import type { Page } from 'playwright-core'
import { assert, signIn, test } from '../harness.js'

// The base-data menu rules of 000 §6 where people meet them: the admin side menu and a page's URL. The side menu
// and the route guard ask one function (canSee → pageFitsOrg → menuVisible); each test below fails when the rules
// are no longer asked (an absent page shows up, or its URL opens instead of answering /404).

interface AdminMenu {
  groups: string[]
  items: string[]
}

/** Every entry of the side menu: the group titles and the page titles, with every group opened. */
async function sideMenu(page: Page, base: string): Promise<AdminMenu> {
  await page.goto(`${base}/#/base-useRoute/index`)
  const menu = page.getByTestId('side-menu')
  await menu.locator('li.ant-menu-item').first().waitFor()
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
  for (let n = await closed.count(); n > 0; n = await closed.count()) await closed.first().click()
  const texts = (selector: string) =>
    menu.locator(selector).evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))
  return { groups: await texts('.ant-menu-submenu-title'), items: await texts('li.ant-menu-item') }
}

function assertMenu(m: AdminMenu, who: string, present: string[], absent: string[]): void {
  for (const t of present) assert(m.items.includes(t), `${who}: 「${t}」 missing from the menu (${m.items.join('、')})`)
  for (const t of absent) assert(!m.items.includes(t) && !m.groups.includes(t), `${who}: 「${t}」 is in the menu`)
  const all = [...m.groups, ...m.items]
  const twice = all.filter((t, i) => all.indexOf(t) !== i)
  assert(twice.length === 0, `${who}: menu titles shown twice: ${twice.join('、')}`)
}

/** Opening a page the rules hide answers /404, like a denied route. */
async function assertHidden(page: Page, base: string, paths: string[]): Promise<void> {
  for (const p of paths) {
    await page.goto(`${base}/#${p}`)
    await page.waitForURL(/#\/404/)
  }
}

/** The page opens (its frame carries the route path). */
async function assertOpens(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}/#${path}`)
  await page.locator(`[data-page="${path}"]`).waitFor()
}

test('menu rules: the bureau (unit attribute below 8) has no student, parent or log-monitor pages; as the top org it keeps public fields', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  const m = await sideMenu(page, baseUrl)
  assertMenu(
    m,
    'jyjadmin',
    ['教师管理', '归档教师', '机构设置', '公共字段'],
    ['学生管理', '归档学生', '学生异动', '家长管理', '归档家长', '关键日志监控', '日志监控'],
  )
  await assertHidden(page, baseUrl, [
    '/base-userAccount/students',
    '/base-userAccount/parents',
    '/base-logMonitor/index',
  ])
  // The tenant-wide settings are the top org's (docs/auth.md "Tenant-wide settings"): the providers' screens open,
  // and the login log offers the two-factor policy.
  await assertOpens(page, baseUrl, '/menhu-Duanxin/index')
  await assertOpens(page, baseUrl, '/menhu-port/thirdConfig')
  await assertOpens(page, baseUrl, '/roles-loginLog')
  await page.getByTestId('totp-policy').waitFor()
})

test('menu rules: a Z12 school has no faculty, major or zz pages, no One variants in a multi-org tenant, and no public fields below the top', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  const m = await sideMenu(page, baseUrl)
  assertMenu(
    m,
    'xxadmin',
    ['班级管理', '学生管理', '家长管理', '学生异动', '机构类型', '学段设置', '关键日志监控'],
    ['院系管理', '专业管理', '专业方向', '公共字段'],
  )
  // The pages behind the single entries are the plain ones.
  await page
    .getByTestId('side-menu')
    .locator('li.ant-menu-item')
    .filter({ hasText: /^班级管理$/ })
    .click()
  await page.waitForURL(/#\/base-school\/classManage$/)
  await assertHidden(page, baseUrl, [
    '/base-school/major/majorManage',
    '/base-school/classManage-zz',
    '/base-userAccount/students-zz',
    '/base-organization/orgTypeOne',
    '/base-school/dictionaryOne/learnPeriod',
    '/base-communalFields',
    // A school's administrator holds the codes of the tenant-wide screens but is not offered them (the server refuses).
    '/menhu-Duanxin/index',
    '/menhu-Duanxin/log',
    '/menhu-port/thirdConfig',
  ])
  await assertOpens(page, baseUrl, '/roles-loginLog')
  await page.locator('.ant-table').first().waitFor()
  assert(
    (await page.getByTestId('totp-policy').count()) === 0,
    "xxadmin: the login log offers the tenant's two-factor policy",
  )
  // filterRoles=1 lifts role filtering only, not the kind of organisation.
  await page.goto(`${baseUrl}/#/base-school/major/majorManage?filterRoles=1`)
  await page.waitForURL(/#\/404/)
})

test('menu rules: a Z3 college lists the zz class and student pages and majors, not the plain class and student pages', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zyadmin')
  const m = await sideMenu(page, baseUrl)
  assertMenu(m, 'zyadmin', ['院系管理', '专业管理', '专业方向', '班级管理', '学生管理', '学生异动'], ['公共字段'])
  const entry = (t: string) =>
    page
      .getByTestId('side-menu')
      .locator('li.ant-menu-item')
      .filter({ hasText: new RegExp(`^${t}$`) })
  await entry('班级管理').click()
  await page.waitForURL(/#\/base-school\/classManage-zz$/)
  await entry('学生管理').click()
  await page.waitForURL(/#\/base-userAccount\/students-zz$/)
  await assertOpens(page, baseUrl, '/base-school/major/majorManage')
  await assertHidden(page, baseUrl, [
    '/base-school/classManage',
    '/base-userAccount/students',
    '/base-userAccount/typeChangeStudent',
  ])
})

test('menu rules: a single-organisation tenant lists the One variants instead of the multi-org pages', async ({
  newPage,
  baseUrl,
}) => {
  const run = Date.now().toString(36)
  const login = await fetch(`${baseUrl}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName: 'administrator',
      password: 'Admin@2026',
      loginType: 1,
      version: 2,
      needRandomOrg: false,
    }),
  }).then((r) => r.json() as Promise<{ data: { userToken: string } }>)
  const added = await fetch(`${baseUrl}/base/api/tenant/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.userToken}` },
    body: JSON.stringify({
      name: '单校租户',
      uniqueName: `one-${run}`,
      trade: 1,
      tenantModuleType: 0,
      appType: 1,
      topOrgName: '单校实验学校',
      topOrgUnitAttr: 8,
      adminUserName: `one${run}`,
      defaultPassword: 'Init2026a',
    }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string }>)
  assert(added.code === 0, `tenant/add: ${added.msg}`)

  const page = await newPage()
  await page.goto(`${baseUrl}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(`one${run}`)
  await page.getByPlaceholder('请输入密码').fill('Init2026a')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const reset = page.locator('.ant-modal')
  const inputs = reset.locator('input[type="password"]')
  await inputs.nth(1).waitFor()
  await inputs.nth(0).fill('Fresh2026x')
  await inputs.nth(1).fill('Fresh2026x')
  await reset.getByRole('button', { name: /确\s*定/ }).click()
  await page.waitForURL(/#\/portal\//)

  const m = await sideMenu(page, baseUrl)
  assertMenu(m, 'single-org admin', ['机构类型', '部门类型', '学段设置', '人员字典', '教师异动', '学生异动'], [])
  await page
    .getByTestId('side-menu')
    .locator('li.ant-menu-item')
    .filter({ hasText: /^机构类型$/ })
    .click()
  await page.waitForURL(/#\/base-organization\/orgTypeOne$/)
  await assertHidden(page, baseUrl, [
    '/base-organization/orgType',
    '/base-school/dictionary/learnPeriod',
    '/base-userAccount/typeChangeTeacher',
  ])
})
