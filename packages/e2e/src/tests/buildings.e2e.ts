import { assert, pick, signIn, test } from '../harness.js'

test('a school admin adds a building and batch-adds its rooms through the UI; a colliding batch adds nothing; 类型设置, 教室用途 and 属性设置', async ({
  newPage,
  baseUrl,
}) => {
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
  await pick(page, dialog.locator('.ant-select'), '教学楼')
  await dialog.getByRole('button', { name: '确定' }).click()
  const building = screen.locator('.ant-list-item').filter({ hasText: '教学楼A' })
  await building.getByText('教学楼 · 3层 · 0间').waitFor()
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
  for (const room of ['101', '102', '201', '202'])
    await screen.locator('.ant-table').getByText(room, { exact: true }).waitFor()

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
  assert((await screen.locator('.ant-table-row').count()) === 4, 'rooms were added by a failed batch')

  // 类型设置 and 教室用途 open the public-field dictionaries' editor: the demo's global entries, read-only below the top
  // organisation; the school adds its own room use under 本机构.
  const modal = (title: string) =>
    page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title').getByText(title, { exact: true }) })
  await screen.getByRole('button', { name: '类型设置' }).click()
  await modal('类型设置').locator('.ant-table').getByText('实验楼', { exact: true }).waitFor()
  await modal('类型设置').locator('.ant-modal-close').click()
  await screen.getByRole('button', { name: '教室用途' }).click()
  const uses = modal('教室用途')
  await uses.locator('.ant-table').getByText('普通教室', { exact: true }).waitFor()
  await uses.getByText('本机构', { exact: true }).click()
  await uses.getByRole('button', { name: '新增', exact: true }).click()
  const useForm = modal('新增教室用途')
  await useForm.getByPlaceholder('请输入名称').fill('录播室')
  await useForm.getByRole('button', { name: '确定' }).click()
  await uses.locator('.ant-table').getByText('录播室', { exact: true }).waitFor()
  await uses.locator('.ant-modal-close').click()

  // 属性设置 gives the chosen rooms the new use and a capacity.
  const roomRow = (name: string) =>
    screen.locator('.ant-table-row').filter({ has: page.getByText(name, { exact: true }) })
  for (const room of ['101', '102']) await roomRow(room).locator('.ant-checkbox-input').check()
  await screen.getByRole('button', { name: '属性设置' }).click()
  const attr = modal('属性设置（2 间教室）')
  await pick(page, attr.locator('.ant-select'), '录播室')
  await attr.locator('input[id$="capacity"]').fill('30')
  await attr.getByRole('button', { name: '确定' }).click()
  await page.getByText('已设置2间教室').first().waitFor()
  for (const room of ['101', '102'])
    await roomRow(room).filter({ hasText: '录播室' }).filter({ hasText: '30' }).waitFor()
  assert(
    (await roomRow('201').filter({ hasText: '录播室' }).count()) === 0,
    '属性设置 changed a room that was not chosen',
  )
})

test('a school admin adds two subjects; a duplicate is refused with the server message', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-school/dictionary/subjectManage`)
  const screen = page.locator('[data-page="/base-school/dictionary/subjectManage"]')
  // The demo school has its subjects (语文, 数学 …); two more are added next to them.
  await screen.locator('.ant-table').getByText('语文', { exact: true }).waitFor()
  const before = await screen.locator('.ant-table-row').count()
  for (const [name, code] of [
    ['书法', 'SF'],
    ['围棋', 'WQ'],
    ['书法', 'SF2'],
  ]) {
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
  assert((await screen.locator('.ant-table-row').count()) === before + 2, 'the duplicate subject was added')
  assert(
    (await screen.locator('.ant-table').getByText('书法', { exact: true }).count()) === 1,
    'the duplicate subject was added',
  )
})
