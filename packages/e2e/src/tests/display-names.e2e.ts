import { assert, pick, signIn, tableRow, test } from '../harness.js'

// Codes are never shown to people (issue 11 point 15): unit attributes and roles read by their Chinese names.

test('names, not codes: 单位属性 reads 小学/中学/高等院校 in organisation setup and its form, and is chosen by name', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  await page.goto(`${baseUrl}/#/base-organization/orgSet`)
  const screen = page.locator('[data-page="/base-organization/orgSet"]')
  await tableRow(screen, '示范区第二中学').waitFor()
  const headers = await screen.locator('.ant-table-thead th').allInnerTexts()
  const col = headers.findIndex((h) => h.trim() === '单位属性')
  assert(col >= 0, `no 单位属性 column: ${headers.join(',')}`)
  const cell = (org: string) => tableRow(screen, org).locator('td').nth(col).innerText()
  assert((await cell('示范区第一实验小学')) === '小学', `小学 shows as ${await cell('示范区第一实验小学')}`)
  assert((await cell('示范区第二中学')) === '中学', `中学 shows as ${await cell('示范区第二中学')}`)
  assert((await cell('示范职业技术学院')) === '高等院校', `高等院校 shows as ${await cell('示范职业技术学院')}`)

  // The edit form shows the name too, and offers names to choose from.
  await tableRow(screen, '示范区第二中学').getByRole('button', { name: '编辑' }).click()
  const dialog = page.locator('.ant-modal').filter({ hasText: '编辑机构' })
  await dialog
    .locator('.ant-select')
    .filter({ has: page.locator('#unitAttr') })
    .getByText('中学', { exact: true })
    .waitFor()
  await pick(page, dialog.locator('#unitAttr'), '一贯制学校', '一贯制')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('编辑成功').first().waitFor()
  await tableRow(screen, '示范区第二中学').getByText('一贯制学校', { exact: true }).waitFor()
})

test('names, not codes: the personal centre and the header show the role as 管理员, never admin', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  const header = page.getByTestId('portal-header')
  await header.getByTestId('user-menu').waitFor()
  assert(!/\badmin\b/.test(await header.innerText()), `the header shows a role code: ${await header.innerText()}`)
  await page.goto(`${baseUrl}/#/oneselfCenter`)
  const profile = page.getByTestId('oneself-profile')
  const role = profile
    .locator('.ant-descriptions-item')
    .filter({ hasText: '角色' })
    .locator('.ant-descriptions-item-content')
  await role.waitFor()
  assert((await role.innerText()) === '管理员', `角色 shows ${await role.innerText()}`)
  const unit = page.getByTestId('oneself-orgs').getByText('小学', { exact: true })
  await unit.waitFor()
})
