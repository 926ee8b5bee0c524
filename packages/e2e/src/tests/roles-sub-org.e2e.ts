import ExcelJS from 'exceljs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assert, signIn, tableRow, test } from '../harness.js'

const ROLE = 'E2E下放人员查询'

test('the bureau admin delegates a role granting 人员查询 to 第一实验小学 and gives it to zhanglaoshi, who then has the page there', async ({
  newPage,
  baseUrl,
  browser,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'jyjadmin')
  await admin.goto(`${baseUrl}/#/roles-roleManage`)
  const list = admin.locator('[data-page="/roles-roleManage"]')
  await list.getByRole('button', { name: '导入人员' }).waitFor()
  await list.getByRole('button', { name: '新增角色' }).click()
  const dialog = admin.locator('.ant-modal').filter({ hasText: '新增角色' })
  await dialog.getByPlaceholder('请输入角色名称').fill(ROLE)
  await dialog.getByRole('button', { name: '确定' }).click()
  await admin.getByText('新增成功').first().waitFor()

  // 授权: 人员查询 under 基础数据.
  await tableRow(list, ROLE).getByRole('button', { name: '授权' }).click()
  await admin.waitForURL(/#\/roles-roleManage\/edit\?roleId=\d+/)
  const panel = admin.getByTestId('permission-panel')
  await panel.getByPlaceholder('系统名称').fill('基础')
  await panel.getByPlaceholder('系统名称').press('Enter')
  await admin.getByTestId('permission-systems').getByRole('menuitem').filter({ hasText: '基础数据' }).click()
  await admin
    .getByTestId('permission-tree')
    .locator('.ant-tree-treenode')
    .filter({ hasText: '人员查询' })
    .locator('.ant-tree-checkbox')
    .click()
  // The grant goes out as {roleId, orgId, names}; 授权成功 shows orgId was the role's org (another one is refused).
  const sent = admin.waitForRequest((r) => r.url().includes('/base/api/account/associatedPermission'))
  await panel.getByRole('button', { name: '保存' }).click()
  const body = (await sent).postDataJSON() as { roleId: number; orgId: number; names: string[] }
  await admin.getByText('授权成功').first().waitFor()
  const roleId = Number(new URL(admin.url().replace('#/', '')).searchParams.get('roleId'))
  assert(
    body.roleId === roleId &&
      typeof body.orgId === 'number' &&
      body.names.includes('base_search_person') &&
      !('codes' in body),
    `the grant's shape: ${JSON.stringify(body)}`,
  )

  // 下级机构: the school first, then the teacher in it.
  await admin.getByRole('tab', { name: '下级机构' }).click()
  const subOrgs = admin.getByTestId('sub-org-panel')
  await subOrgs.getByRole('button', { name: '添加下级机构' }).click()
  const orgPicker = admin.locator('.ant-modal').filter({ hasText: '下放给下级机构' })
  await orgPicker.getByPlaceholder('机构名称').fill('第一实验小学')
  await orgPicker.getByPlaceholder('机构名称').press('Enter')
  await tableRow(orgPicker, '第一实验小学').locator('.ant-checkbox').click()
  await orgPicker.getByRole('button', { name: /确定/ }).click()
  await admin.getByText('关联成功').first().waitFor()
  const school = tableRow(subOrgs, '第一实验小学')
  await school.getByRole('button', { name: /第一实验小学/ }).click()

  const people = admin.getByTestId('sub-org-people')
  await people.getByRole('button', { name: '添加人员' }).click()
  const personPicker = admin.locator('.ant-modal').filter({ hasText: '人员“' })
  await personPicker.getByPlaceholder('姓名或登录名').fill('zhanglaoshi')
  await personPicker.getByPlaceholder('姓名或登录名').press('Enter')
  await tableRow(personPicker, 'zhanglaoshi').locator('.ant-checkbox').click()
  await personPicker.getByRole('button', { name: /确定/ }).click()
  await admin.getByText('关联成功').last().waitFor()
  await tableRow(people, 'zhanglaoshi').waitFor()
  // The org's count of people holding the role follows.
  await school.getByRole('cell', { name: '1', exact: true }).waitFor()

  // The teacher, in a browser of their own, has 人员查询 in their school.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await context.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    await teacher.goto(`${baseUrl}/#/base-searchPerson/index`)
    await teacher.locator('[data-page="/base-searchPerson/index"] .ant-table-row').first().waitFor()
    await teacher.getByTestId('side-menu').locator('li.ant-menu-item').filter({ hasText: '人员查询' }).waitFor()
  } finally {
    await context.close()
  }
})

test('a school admin imports role members from a file on the role list: the panel shows the result and 导入记录 lists it', async ({
  newPage,
  baseUrl,
}) => {
  const run = Date.now().toString(36)
  const roleName = `E2E导入角色${run}`
  // Setup through the API: a role of the school with no codes (nothing else changes for the people in the file).
  const login = await fetch(`${baseUrl}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName: 'xxadmin',
      password: 'Demo@2026',
      loginType: 1,
      version: 2,
      needRandomOrg: false,
    }),
  }).then((r) => r.json() as Promise<{ data: { userToken: string } }>)
  const added = await fetch(`${baseUrl}/base/api/account/addRole/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.userToken}` },
    body: JSON.stringify({ roles: [{ name: roleName }] }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string }>)
  assert(added.code === 0, `addRole: ${added.msg}`)

  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('角色人员')
  ws.addRow(['登录名/手机号*', '姓名', '角色名称*'])
  ws.addRow(['zhanglaoshi', '张老师', roleName])
  ws.addRow(['nobody_here', '', roleName])
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zx-role-import-')), `角色人员${run}.xlsx`)
  await wb.xlsx.writeFile(file)

  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/roles-roleManage`)
  const list = page.locator('[data-page="/roles-roleManage"]')
  await page.getByTestId('roleUser-import-file').setInputFiles(file)
  await page.getByText('导入任务已创建').first().waitFor()
  const task = page
    .getByTestId('import-panel')
    .getByTestId('import-task')
    .filter({ hasText: `角色人员${run}.xlsx` })
  await task.getByText('100%').waitFor({ timeout: 30_000 })
  await task.getByText('成功 1 条，失败 1 条').waitFor()
  // The role's member count follows the import.
  await list.getByPlaceholder('角色名称').fill(roleName)
  await list.getByPlaceholder('角色名称').press('Enter')
  await tableRow(list, roleName).getByRole('cell', { name: '1', exact: true }).first().waitFor()

  await list.getByRole('button', { name: '导入记录' }).click()
  const drawer = page.locator('.ant-drawer').filter({ hasText: '角色人员导入记录' })
  await tableRow(drawer, `角色人员${run}.xlsx`).getByRole('button', { name: '下载失败数据' }).waitFor()
})
