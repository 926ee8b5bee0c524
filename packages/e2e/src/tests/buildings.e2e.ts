import { assert, signIn, test } from '../harness.js'

test('a school admin adds a building and batch-adds its rooms through the UI; a colliding batch adds nothing', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-buildLot/roomManage`)
  const screen = page.locator('[data-page="/base-buildLot/roomManage"]')
  // The demo school already has its buildings; the new one is added beside them and chosen in the list.
  await screen.locator('.ant-list-item').getByText('明德楼', { exact: true }).waitFor()
  await screen.getByRole('button', { name: '新增楼宇' }).click()
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增楼宇' })
  await dialog.getByPlaceholder('请输入楼宇名称').fill('教学楼A')
  await dialog.locator('input[id$="floorCount"]').fill('3')
  await dialog.getByRole('button', { name: '确定' }).click()
  const building = screen.locator('.ant-list-item').filter({ hasText: '教学楼A' })
  await building.getByText('3层 · 0间').waitFor()
  const open = async () => {
    await building.click()
    await screen.getByText('教学楼A 的教室').waitFor()
  }
  await open()

  await screen.getByRole('button', { name: '批量新增' }).click()
  const batch = page.locator('[data-page="/base-buildLot/roomManage/batch"]')
  await batch.locator('input[id$="toLevel"]').fill('2')
  await batch.locator('input[id$="perFloor"]').fill('2')
  await batch.getByRole('button', { name: '批量新增' }).click()
  await page.getByText('已新增4间教室').first().waitFor()
  await building.getByText('3层 · 4间').waitFor()
  await open()
  await screen.getByText('共 4 间').waitFor()
  for (const room of ['101', '102', '201', '202']) await screen.locator('.ant-table').getByText(room, { exact: true }).waitFor()

  // Batch-adding the same range again collides and adds nothing.
  await screen.getByRole('button', { name: '批量新增' }).click()
  await batch.locator('input[id$="toLevel"]').fill('2')
  await batch.locator('input[id$="perFloor"]').fill('2')
  await batch.getByRole('button', { name: '批量新增' }).click()
  await page.getByText('批量新增的教室与已有教室重名').first().waitFor()
  await page.goto(`${baseUrl}/#/base-buildLot/roomManage`)
  await building.getByText('3层 · 4间').waitFor()
  await open()
  await screen.getByText('共 4 间').waitFor()
  assert(await screen.locator('.ant-table-row').count() === 4, 'rooms were added by a failed batch')
})

test('a school admin adds two subjects; a duplicate is refused with the server message', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-school/dictionary/subjectManage`)
  const screen = page.locator('[data-page="/base-school/dictionary/subjectManage"]')
  // The demo school has its subjects (语文, 数学 …); two more are added next to them.
  await screen.locator('.ant-table').getByText('语文', { exact: true }).waitFor()
  const before = await screen.locator('.ant-table-row').count()
  for (const [name, code] of [['书法', 'SF'], ['围棋', 'WQ'], ['书法', 'SF2']]) {
    await screen.getByRole('button', { name: '新增学科' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增学科' })
    await dialog.getByPlaceholder('请输入学科名称').fill(name)
    await dialog.getByPlaceholder('请输入学科编码').fill(code)
    await dialog.getByRole('button', { name: '确定' }).click()
    if (code === 'SF2') {
      await page.getByText('已存在同名学科').first().waitFor()
      await dialog.getByRole('button', { name: '取消' }).click()
    } else {
      await screen.locator('.ant-table').getByText(name, { exact: true }).waitFor()
    }
  }
  assert(await screen.locator('.ant-table-row').count() === before + 2, 'the duplicate subject was added')
  assert(await screen.locator('.ant-table').getByText('书法', { exact: true }).count() === 1, 'the duplicate subject was added')
})
