import { assert, pick, signIn, tableRow, test } from '../harness.js'

/**
 * Issue 15's base-data pages at 375 px: the bureau admin (top organisation) keeps a work-rest type under the public
 * fields' 学校字典 group and sees it offered by the schedule form, sets a job's level and headcount in the 岗位矩阵
 * (jobMatrixSet) tab, and edits their own personal data.
 */
test('base-data extra: public-field groups, work-rest type in the schedule form, job matrix and personal data at 375 px', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage({ width: 375, height: 812 })
  await signIn(page, baseUrl, 'jyjadmin')
  const fits = async (what: string) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert(width <= 375, `${what} fits 375 px (scrollWidth ${width})`)
  }

  // Public fields: the spec's four groups; a tenant-level work-rest type under 学校字典.
  await page.goto(`${baseUrl}/#/base-communalFields`)
  const fields = page.locator('[data-page="/base-communalFields"]')
  for (const group of ['组织架构', '学校字典', '用户字典', '楼宇教室'])
    await fields.getByRole('tab', { name: group }).waitFor()
  await fields.getByRole('tab', { name: '组织架构' }).click()
  await fields.getByRole('tab', { name: '部门类型' }).waitFor()
  await fields.getByRole('tab', { name: '学校字典' }).click()
  await fields.getByRole('tab', { name: '作息类型' }).click()
  const typePanel = fields.getByRole('tabpanel', { name: '作息类型' })
  await typePanel.getByText('作息类型（全局）').waitFor()
  await typePanel.getByRole('button', { name: '新增' }).click()
  const addType = page.locator('.ant-modal').filter({ hasText: '新增作息类型' })
  await addType.getByPlaceholder('请输入名称').fill('冬季作息E2E')
  await addType.getByRole('button', { name: '确定' }).click()
  await tableRow(typePanel, '冬季作息E2E').waitFor()
  await fits('the public-field page')

  // The schedule form offers it (workRestType/select).
  await page.goto(`${baseUrl}/#/base-school/workAndRest`)
  const rest = page.locator('[data-page="/base-school/workAndRest"]')
  await rest.getByRole('button', { name: '新增作息' }).click()
  const addRest = page.locator('.ant-modal').filter({ hasText: '新增作息' })
  await addRest.locator('#typeName').click()
  await page
    .locator('.ant-select-dropdown .ant-select-item-option')
    .filter({ hasText: '冬季作息E2E' })
    .first()
    .waitFor()
  await addRest.getByRole('button', { name: '取消' }).click()

  // Job matrix: add a job to 岗位, then its level 10 with 3 approved posts in 岗位矩阵.
  await page.goto(`${baseUrl}/#/base-userAccount/dictionary`)
  const dict = page.locator('[data-page="/base-userAccount/dictionary"]')
  await dict.getByRole('tab', { name: '岗位', exact: true }).click()
  const jobPanel = dict.getByRole('tabpanel', { name: '岗位', exact: true })
  await jobPanel.getByRole('button', { name: '新增' }).click()
  const addJob = page.locator('.ant-modal').filter({ hasText: '新增岗位' })
  await addJob.getByPlaceholder('请输入名称').fill('专业技术岗')
  await addJob.getByRole('button', { name: '确定' }).click()
  await tableRow(jobPanel, '专业技术岗').waitFor()
  await dict.getByRole('tab', { name: '岗位矩阵' }).click()
  const matrix = dict.getByRole('tabpanel', { name: '岗位矩阵' })
  await matrix.getByRole('button', { name: '新增岗位设置' }).click()
  const addCell = page.locator('.ant-modal').filter({ hasText: '新增岗位设置' })
  await pick(page, addCell.locator('#jobId'), '专业技术岗')
  await pick(page, addCell.locator('#level'), '10级')
  await addCell.locator('#quota').fill('3')
  await addCell.getByRole('button', { name: '确定' }).click()
  await matrix.getByRole('button', { name: '专业技术岗10级 核定3人' }).waitFor()
  await matrix.getByText('合计核定岗位数：3').waitFor()
  await matrix.getByRole('columnheader', { name: '10级' }).waitFor()
  await fits('the job matrix')

  // Personal data: the member's own email, saved through userInfo/personalDetails.
  await page.goto(`${baseUrl}/#/base-userAccount/personalData`)
  const mine = page.locator('[data-page="/base-userAccount/personalData"]')
  await mine.getByRole('button', { name: '编辑资料' }).click()
  const edit = page.locator('.ant-modal').filter({ hasText: '编辑资料' })
  await edit.getByPlaceholder('请输入邮箱').fill('chen@example.com')
  // The server's answer, waited for and named: a failure says what the save answered rather than only that no
  // 保存成功 appeared.
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/userInfo/personalDetails') && r.request().method() === 'POST'),
    edit.getByRole('button', { name: '确定' }).click(),
  ])
  const answer = (await saved.json()) as { code: number; msg: string }
  assert(answer.code === 0, `personal data saved (${saved.status()} ${answer.code} ${answer.msg})`)
  await page.getByText('保存成功').first().waitFor()
  await mine.locator('.ant-descriptions').getByText('chen@example.com').waitFor()
  await fits('the personal data page')
})
