import type { Page } from 'playwright-core'
import { assert, pick, pickMany, signIn, tableRow, test } from '../harness.js'

const TITLE = '操场积水'
const REPLY = '已安排后勤疏通排水'

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor()
}

test('complaints: the demo school has them open to its members; the admin adds a class handled by xxadmin; zhanglaoshi submits from the header entry; the admin replies 已处理; the teacher sees the reply', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')
  await admin.goto(`${baseUrl}/#/menhu-complaintSuggest/index`)
  // The demo seed opens them to staff, students and parents (issue 11: members need the entry); saved as it is.
  await admin.getByTestId('complaint-enable').waitFor()
  assert(await admin.getByTestId('complaint-enable').isChecked(), 'the demo school has complaints enabled')
  for (const role of ['教职工', '学生', '家长'])
    await admin.getByTestId('complaint-roles').getByText(role, { exact: true }).waitFor()
  await admin.getByTestId('complaint-config-save').click()
  await toast(admin, '保存成功')

  await admin.getByRole('button', { name: '新增分类' }).click()
  const modal = admin.locator('.ant-modal:visible')
  await modal.getByLabel('分类名称').fill('后勤服务')
  await modal.getByLabel('处理人').click()
  await modal.getByLabel('处理人').pressSequentially('孙校长')
  await pickMany(admin, modal.getByLabel('处理人'), '孙校长')
  await modal
    .getByRole('button', { name: '确 定' })
    .or(modal.getByRole('button', { name: '确定' }))
    .click()
  await toast(admin, '新增成功')
  await tableRow(admin.locator('[data-page="/menhu-complaintSuggest/index"]'), '后勤服务')
    .filter({ hasText: '孙校长' })
    .waitFor()

  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await teacherContext.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    await teacher.getByTestId('feedback-entry').click()
    await teacher.waitForURL(/#\/complaintSuggest\/submit/)
    const form = teacher.getByTestId('complaint-form')
    await pick(teacher, form.getByLabel('分类'), '后勤服务')
    await form.getByLabel('标题').fill(TITLE)
    await form.getByLabel('内容').fill('雨后操场东侧积水严重')
    await teacher.getByTestId('complaint-submit').click()
    await toast(teacher, '提交成功')
    await teacher.getByTestId('my-complaint').filter({ hasText: TITLE }).filter({ hasText: '待处理' }).waitFor()

    await admin.goto(`${baseUrl}/#/menhu-complaintSuggest/handle`)
    const row = tableRow(admin.locator('[data-page="/menhu-complaintSuggest/handle"]'), TITLE)
    await row.waitFor()
    assert((await row.filter({ hasText: '张老师' }).count()) === 1, 'the handler sees the named submitter')
    await row.getByTestId('complaint-open').click()
    const drawer = admin.getByTestId('complaint-detail')
    await drawer.getByTestId('complaint-reply').fill(REPLY)
    await drawer.getByTestId('complaint-handle-save').click()
    await toast(admin, '处理成功')
    await row.filter({ hasText: '已处理' }).waitFor()

    await teacher.reload()
    const mine = teacher.getByTestId('my-complaint').filter({ hasText: TITLE })
    await mine.filter({ hasText: '已处理' }).waitFor()
    const reply = await mine.getByTestId('complaint-reply-text').textContent()
    assert(reply?.includes(REPLY), `the teacher sees the reply (got ${reply})`)
  } finally {
    await teacherContext.close()
  }
})
