import { api, assert, signIn, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

const REASON = '核对教师联系方式（E2E）'
const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/

/**
 * Issue 26 point 2 in the people module (docs/privacy.md "Masking (people)"): xxadmin sees a teacher's phone masked on
 * the detail page, reveals it with the 查看 beside it (a logged reveal with a reason), then saves the teacher's edit
 * form as it loaded (the mask in the phone field) and the stored phone is still the full one.
 */
test('people masking: a teacher detail shows the phone masked, 查看 reveals it, the edit form saved with the mask keeps it', async ({
  newPage,
  baseUrl,
}) => {
  const token = await tokenOf(baseUrl, 'xxadmin')
  const list = await api<{ list: { id: number; trueName: string; phone: string | null }[] }>(
    baseUrl,
    '/base/api/userInfo/teacherInfo/page',
    { token, body: { keyword: '139', pageIndex: 1, pageSize: 5 } },
  )
  const teacher = list.data.list.find((r) => r.phone)
  assert(teacher, `a generated teacher with a phone: ${list.msg}`)
  assert(MASKED_PHONE.test(teacher.phone!), `the list answers the phone masked: ${teacher.phone}`)

  const page = await newPage()
  const errors = watchPageErrors(page)
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-userAccount/teacherDetail?id=${teacher.id}`)
  const detail = page.locator('[data-page="/base-userAccount/teacherDetail"]')
  // The 手机号 cell holds the mask and 查看 (the login name, also the phone, shows the same mask without one).
  const reveal = detail.getByRole('button', { name: '查看完整手机号' })
  await reveal.waitFor({ timeout: 15_000 })
  const cell = detail.locator('td').filter({ has: page.getByRole('button', { name: '查看完整手机号' }) })
  const cellText = await cell.innerText()
  assert(cellText.includes(teacher.phone!), `the 手机号 cell shows the mask: ${cellText}`)
  await reveal.click()
  const dialog = page.getByRole('dialog', { name: '查看完整信息' })
  await dialog.getByLabel('查看原因').fill(REASON)
  await dialog
    .getByRole('button', { name: '查 看' })
    .or(dialog.getByRole('button', { name: '查看' }))
    .first()
    .click()
  const shown = await dialog.getByTestId('revealed-value').innerText({ timeout: 15_000 })
  const full = /^手机号：(1\d{10})$/.exec(shown)?.[1]
  assert(full, `the reveal shows the full phone: ${shown}`)
  assert(full.slice(-4) === teacher.phone!.slice(-4), `the revealed ${full} is the masked ${teacher.phone}`)
  await dialog
    .getByRole('button', { name: '关 闭' })
    .or(dialog.getByRole('button', { name: '关闭' }))
    .first()
    .click()

  // The edit form loads the masked row and is saved unchanged: the server keeps the stored phone.
  await page.goto(`${baseUrl}/#/base-userAccount/teachers`)
  const screen = page.locator('[data-page="/base-userAccount/teachers"]')
  await screen.getByPlaceholder(/姓名/).fill(teacher.trueName)
  await screen.getByPlaceholder(/姓名/).press('Enter')
  await tableRow(screen, teacher.phone!).getByRole('button', { name: '编辑' }).click({ timeout: 15_000 })
  const form = page.locator('.ant-modal').filter({ hasText: '编辑教师' })
  await form.getByText('带*为脱敏显示，不修改则保留原值').first().waitFor({ timeout: 15_000 })
  const value = await form.getByLabel('手机号').inputValue()
  assert(value === teacher.phone, `the form holds the mask: ${value}`)
  await page.getByRole('button', { name: /^确\s?定$/ }).click()
  await page.getByText('编辑成功').waitFor({ timeout: 15_000 })
  const again = await api<{ value: string | null }>(baseUrl, '/base/api/privacy/reveal', {
    token,
    body: { userInfoId: teacher.id, field: 'phone', reason: REASON },
  })
  assert(again.data.value === full, `the stored phone is still ${full}: ${JSON.stringify(again)}`)
  errors()
})
