import { assert, pick, signIn, tableRow, test, typeDate } from '../harness.js'

test('a school admin adds a study month to a term and edits it; an overlapping edit is refused with the server message', async ({
  newPage,
  baseUrl,
}) => {
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
  const term = await fetch(`${baseUrl}/base/api/schoolCalendar/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.userToken}` },
    body: JSON.stringify({ schoolYear: '2040-2041', term: 1, startDate: '2040-09-01', endDate: '2041-01-31' }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string }>)
  assert(term.code === 0, `term: ${term.msg}`)

  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-school/studyMonthSet`)
  const screen = page.locator('[data-page="/base-school/studyMonthSet"]')
  await pick(page, screen.getByLabel('学期'), '2040-2041学年第一学期')

  const add = async (name: string, start: string, end: string) => {
    await screen.getByRole('button', { name: '新增学月' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增学月' })
    await dialog.getByPlaceholder('如：九月').fill(name)
    await typeDate(dialog, 'startDate', start)
    await typeDate(dialog, 'endDate', end)
    await dialog.getByRole('button', { name: '确定' }).click()
    await tableRow(screen, name).waitFor()
  }
  await add('九月', '2040-09-01', '2040-09-30')
  await add('十月', '2040-10-01', '2040-10-31')

  await tableRow(screen, '九月').getByRole('button', { name: '编辑' }).click()
  const edit = page.locator('.ant-modal').filter({ hasText: '编辑学月' })
  await edit.getByPlaceholder('如：九月').fill('九月份')
  await typeDate(edit, 'endDate', '2040-10-05')
  await edit.getByRole('button', { name: '确定' }).click()
  await page.getByText('与已有学月时间重叠').first().waitFor()
  await typeDate(edit, 'endDate', '2040-09-29')
  await edit.getByRole('button', { name: '确定' }).click()
  await page.getByText('编辑成功').first().waitFor()
  await tableRow(screen, '九月份').getByText('2040-09-29').waitFor()
})
