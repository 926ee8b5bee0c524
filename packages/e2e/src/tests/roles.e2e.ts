import type { Locator, Page } from 'playwright-core'
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

/** On the role's grant screen: opens 基础数据 through the 系统名称 search and clicks 人员查询's checkbox. */
async function togglePersonSearch(admin: Page): Promise<void> {
  const panel = admin.getByTestId('permission-panel')
  const search = panel.getByPlaceholder('系统名称')
  await search.fill('基础')
  await search.press('Enter')
  const systems = admin.getByTestId('permission-systems')
  await systems.getByRole('menuitem').filter({ hasText: '基础数据' }).click()
  assert(await systems.getByRole('menuitem').count() === 1, 'the 系统名称 search keeps only 基础数据')
  await admin.getByTestId('permission-tree').locator('.ant-tree-treenode').filter({ hasText: '人员查询' }).locator('.ant-tree-checkbox').click()
}

test('a school admin grants a new role 人员查询 and gives it to a signed-in teacher, who sees the page on the next click and loses it after the revocation', async ({ browser, baseUrl, newPage }) => {
  // The teacher has a browser of their own (own storage and session) and is signed in before anything changes.
  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await teacherContext.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    await teacher.locator('[data-layout="home"]').waitFor()
    assert(await teacher.getByTitle('管理后台').count() === 0, 'a teacher has no admin entry before the grant')
    await teacher.goto(`${baseUrl}/#/base-useRoute/index`)
    const teacherMenu = teacher.getByTestId('side-menu')
    // A menu entry (its group's title can carry the same words).
    const entry = (title: string) => teacherMenu.locator('li.ant-menu-item').filter({ hasText: title })
    await entry('使用指南').waitFor()
    assert(await teacherMenu.getByText('人员查询').count() === 0, 'no 人员查询 in the teacher\'s menu before the grant')

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
    assert(await builtin.getByRole('button', { name: '编辑' }).count() === 0, 'a built-in role has no 编辑')
    assert(await builtin.getByRole('button', { name: '删除' }).count() === 0, 'a built-in role has no 删除')

    // 授权: 人员查询 under 基础数据, saved as the role's whole grant.
    await row.getByRole('button', { name: '授权' }).click()
    await admin.waitForURL(/#\/roles-roleManage\/edit\?roleId=\d+/)
    await togglePersonSearch(admin)
    await admin.getByTestId('permission-systems').getByRole('menuitem').filter({ hasText: '基础数据' }).getByText(/^1\/\d+$/).waitFor()
    await admin.getByTestId('permission-panel').getByRole('button', { name: '保存' }).click()
    await admin.getByText('授权成功').first().waitFor()

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
    await admin.getByTestId('permission-panel').getByRole('button', { name: '保存' }).click()
    await admin.getByText('授权成功').first().waitFor()

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
