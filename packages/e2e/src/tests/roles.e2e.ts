import type { Locator, Page, Request } from 'playwright-core'
import { assert, pick, signIn, tableRow, test } from '../harness.js'

const ROLE = 'E2E人员查询角色'

/** Waits until `locator` matches nothing (a menu entry that goes away after the next navigation). */
async function gone(locator: Locator, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  while (await locator.count()) {
    if (Date.now() > deadline) throw new Error(`${what} is still shown`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A permission group as getPermissionTree answers it (001 §3). */
interface Group {
  name: string
  desc: string
  roleId: number | null
  hasPermission: boolean
  permissionCounts: number
  grantedCounts: number
  children: Group[]
}

/** Waits until `get` answers something (a response body read in the background). */
async function until<T>(get: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  for (let v = get(); ; v = get()) {
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what} never came`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The body of the next associatedPermission call the screen sends (after `action`). */
async function savedGrant(page: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest(
    (r: Request) => r.url().includes('/base/api/account/associatedPermission') && r.method() === 'POST',
  )
  await action()
  return (await sent).postDataJSON() as Record<string, unknown>
}

/** On the role's grant screen: opens 基础数据 through the 系统名称 search and clicks 人员查询's checkbox. */
async function togglePersonSearch(admin: Page): Promise<void> {
  const panel = admin.getByTestId('permission-panel')
  const search = panel.getByPlaceholder('系统名称')
  await search.fill('基础')
  await search.press('Enter')
  const systems = admin.getByTestId('permission-systems')
  await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).click()
  assert((await systems.getByRole('menuitem').count()) === 1, 'the 系统名称 search keeps only 基础数据')
  await admin
    .getByTestId('permission-tree')
    .locator('.ant-tree-treenode')
    .filter({ hasText: '人员查询' })
    .locator('.ant-tree-checkbox')
    .click()
}

test('a school admin grants a new role 人员查询 and gives it to a signed-in teacher, who sees the page on the next click and loses it after the revocation', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  // The teacher has a browser of their own (own storage and session) and is signed in before anything changes.
  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await teacherContext.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    await teacher.locator('[data-layout="home"]').waitFor()
    assert((await teacher.getByTitle('管理后台').count()) === 0, 'a teacher has no admin entry before the grant')
    await teacher.goto(`${baseUrl}/#/base-useRoute/index`)
    const teacherMenu = teacher.getByTestId('side-menu')
    // A menu entry (its group's title can carry the same words).
    const entry = (title: string) => teacherMenu.locator('li.ant-menu-item').filter({ hasText: title })
    await entry('使用指南').waitFor()
    assert(
      (await teacherMenu.getByText('人员查询').count()) === 0,
      "no 人员查询 in the teacher's menu before the grant",
    )

    // The admin adds a role meant for staff.
    const admin = await newPage()
    await signIn(admin, baseUrl, 'xxadmin')
    await admin.goto(`${baseUrl}/#/roles-roleManage`)
    const list = admin.locator('[data-page="/roles-roleManage"]')
    await list.getByRole('button', { name: '新增角色' }).click()
    const dialog = admin.locator('.ant-modal').filter({ hasText: '新增角色' })
    await dialog.getByPlaceholder('请输入角色名称').fill(ROLE)
    await pick(admin, dialog.getByLabel('用户类型'), '教职工')
    await dialog.getByRole('button', { name: '确定' }).click()
    await admin.getByText('新增成功').first().waitFor()
    const row = tableRow(list, ROLE)
    await row.getByText('教职工').waitFor()
    const builtin = tableRow(list, '管理员')
    await builtin.getByText('内置').waitFor()
    assert((await builtin.getByRole('button', { name: '编辑' }).count()) === 0, 'a built-in role has no 编辑')
    assert((await builtin.getByRole('button', { name: '删除' }).count()) === 0, 'a built-in role has no 删除')

    // 授权: the screen asks for the public portal list (appType 7) and, for a staff role, the in-org list (3); it shows
    // them as 公共门户应用 / 机构内应用 with the server's granted/total (grantedCounts / permissionCounts).
    const lists = new Map<string, Group[]>()
    admin.on('response', (r) => {
      const url = new URL(r.url())
      if (url.pathname.endsWith('/getPermissionTree'))
        void r
          .json()
          .then((b: { data: Group[] }) => lists.set(url.searchParams.get('appType') ?? '', b.data))
          .catch(() => undefined)
    })
    await row.getByRole('button', { name: '授权' }).click()
    await admin.waitForURL(/#\/roles-roleManage\/edit\?roleId=\d+/)
    const roleId = Number(new URL(admin.url().replace('#/', '')).searchParams.get('roleId'))
    const systems = admin.getByTestId('permission-systems')
    await systems.getByText('公共门户应用').waitFor()
    await systems.getByText('机构内应用').waitFor()
    await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).waitFor()
    // A staff role's screen loads the appType 3 and 7 lists.
    const inOrg = await until(() => lists.get('3'), 'the appType 3 list')
    const portal = await until(() => lists.get('7'), 'the appType 7 list')
    assert(
      portal.map((g) => g.name).join() === 'sc_menhu_app' && portal[0]!.desc === '统一门户',
      'the public portal list holds 统一门户',
    )
    const base = inOrg.find((g) => g.name === 'base_app')
    assert(
      base &&
        base.desc === '基础数据' &&
        base.roleId === roleId &&
        base.grantedCounts === 0 &&
        base.permissionCounts > 1,
      'groups carry name, desc, roleId and counts',
    )
    await systems
      .getByRole('menuitem')
      .filter({ hasText: '统一门户' })
      .getByText(`0/${portal[0]!.permissionCounts}`)
      .waitFor()
    await systems
      .getByRole('menuitem')
      .filter({ hasText: '基础数据' })
      .getByText(`0/${base.permissionCounts}`)
      .waitFor()
    // The tree's keys are names and its titles descs: 基础数据's tree shows 人员查询 (base_search_person).
    await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).click()
    await admin.getByTestId('permission-tree').getByText('人员查询').waitFor()

    // 学生 picks the student list (appType 12): no built-in in-org system serves students, 统一门户 stays.
    await pick(admin, admin.getByLabel('用户类型'), '学生')
    await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).waitFor({ state: 'detached' })
    await systems.getByRole('menuitem').filter({ hasText: '统一门户' }).waitFor()
    assert(
      (await until(() => lists.get('12'), 'the appType 12 list')).length === 0,
      'no built-in system is in the student list',
    )
    await pick(admin, admin.getByLabel('用户类型'), '教职工')
    await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).waitFor()

    // 人员查询 under 基础数据 (checking it checks 基础数据 itself), saved as the role's whole grant by names.
    await togglePersonSearch(admin)
    await systems
      .getByRole('menuitem')
      .filter({ hasText: '基础数据' })
      .getByText(`2/${base.permissionCounts}`)
      .waitFor()
    const sent = await savedGrant(admin, () =>
      admin.getByTestId('permission-panel').getByRole('button', { name: '保存' }).click(),
    )
    await admin.getByText('授权成功').first().waitFor()
    const names = sent.names as string[]
    assert(
      sent.roleId === roleId && typeof sent.orgId === 'number' && !('codes' in sent),
      `associatedPermission sends {roleId, orgId, names}: ${JSON.stringify(sent)}`,
    )
    assert(
      names.length === 2 && names.includes('base_app') && names.includes('base_search_person'),
      `the names saved: ${names.join()}`,
    )
    // Fetched anew after saving: the count is the server's grantedCounts now.
    await systems
      .getByRole('menuitem')
      .filter({ hasText: '基础数据' })
      .getByText(`2/${base.permissionCounts}`)
      .waitFor()

    // 关联人员: the teacher joins the role.
    await admin.getByRole('tab', { name: /关联人员/ }).click()
    const members = admin.getByTestId('members-panel')
    await members.getByRole('button', { name: '添加人员' }).click()
    const picker = admin.locator('.ant-modal').filter({ hasText: '添加人员到' })
    await picker.getByPlaceholder('姓名或登录名').fill('zhanglaoshi')
    await picker.getByPlaceholder('姓名或登录名').press('Enter')
    await tableRow(picker, 'zhanglaoshi').locator('.ant-checkbox').click()
    await picker.getByRole('button', { name: /确定/ }).click()
    await admin.getByText('关联成功').first().waitFor()
    await tableRow(members, 'zhanglaoshi').waitFor()

    // The teacher's next click (no new login): the admin entry appears and leads to 人员查询 in the menu.
    await teacher.locator('[data-layout="default"] header a').first().click()
    await teacher.waitForURL(/#\/portal\/home/)
    await teacher.getByTitle('管理后台').click()
    await teacher.waitForURL(/#\/base-searchPerson\/index/)
    await entry('人员查询').waitFor()
    await teacher.locator('[data-page="/base-searchPerson/index"] .ant-table-row').first().waitFor()

    // The admin takes the page back.
    await admin.getByRole('tab', { name: '权限设置' }).click()
    await togglePersonSearch(admin)
    const revoked = await savedGrant(admin, () =>
      admin.getByTestId('permission-panel').getByRole('button', { name: '保存' }).click(),
    )
    await admin.getByText('授权成功').first().waitFor()
    assert(
      JSON.stringify(revoked.names) === '["base_app"]',
      `the revocation keeps only 基础数据: ${JSON.stringify(revoked)}`,
    )

    // The teacher's next click drops it from the menu, and its address now leads to /404.
    await entry('使用指南').click()
    await teacher.waitForURL(/#\/base-useRoute\/index/)
    await gone(teacherMenu.getByText('人员查询'), '人员查询 after the revocation')
    await teacher.goto(`${baseUrl}/#/base-searchPerson/index`)
    await teacher.waitForURL(/#\/404/)

    // The operation log keeps the revocation, by permission name.
    await admin.goto(`${baseUrl}/#/roles-userOptionlog`)
    const log = admin.locator('[data-page="/roles-userOptionlog"]')
    const latest = log.locator('.ant-table-row').first()
    await latest.getByText(ROLE).waitFor()
    await latest.locator('.ant-table-row-expand-icon').click()
    const detail = log.getByTestId('log-detail').first()
    await detail.getByText('收回权限').waitFor()
    await detail.getByText('人员查询').waitFor()
  } finally {
    await teacherContext.close()
  }
})
