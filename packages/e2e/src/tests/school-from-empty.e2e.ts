import type { Locator, Page } from 'playwright-core'
import { assert, pick, signIn, tableRow as row, test, typeDate } from '../harness.js'

/** Waits until the list inside `screen` has answered: rows or the empty state shown, no spinner left. */
async function settled(screen: Locator, items = '.ant-table-row, .ant-empty') {
  await screen.locator(items).first().waitFor()
  await screen.locator('.ant-spin-spinning').waitFor({ state: 'detached' })
}

/** The building list of roomManage has answered (the rooms table beside it shows its own empty state at once). */
const BUILDINGS = '.ant-list-item, .ant-empty:has-text("暂无楼宇")'

/** The 当前学校 choice of a school base-data page. */
const scope = (page: Page) => page.getByTestId('school-scope')

// The acceptance test of base data: a district starts a school from nothing through the UI alone. The bureau admin
// creates it in 机构设置, then — having no account in it — names it in 当前学校 on each school page (a bureau may
// administer the schools below it) to add its building and rooms, term, grade, classes and subjects. An admin of
// another school sees none of it. Names carry a per-run suffix so a rerun on the same data cannot pass by accident.
test('the bureau admin sets up a new school from empty through the UI; another school admin sees none of it', async ({
  newPage,
  baseUrl,
}) => {
  const tag = String(Date.now()).slice(-6)
  const school = `示范区新建学校${tag}`
  const building = `新校教学楼${tag}`
  const grade = `2026级-${tag}`
  const classes = [`1班-${tag}`, `2班-${tag}`]
  const subjects = [
    [`语文-${tag}`, `YW${tag}`],
    [`数学-${tag}`, `SX${tag}`],
  ]

  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')

  // 机构设置: the school under the bureau, a school by its unit attribute (8 and above), primary/secondary.
  await page.goto(`${baseUrl}/#/base-organization/orgSet`)
  const orgs = page.locator('[data-page="/base-organization/orgSet"]')
  await orgs.locator('.ant-tree').getByText('示范区教育局').waitFor()
  await orgs.getByRole('button', { name: '新增' }).click()
  const orgDialog = page.locator('.ant-modal').filter({ hasText: '新增机构' })
  await orgDialog.getByPlaceholder('请输入机构名称').fill(school)
  await orgDialog.getByPlaceholder('请输入机构编码').fill(`NEW${tag}`)
  // 单位属性 by name; typing filters the list (it opens scrolled to the parent's 区级教育行政部门).
  await pick(page, orgDialog.locator('#unitAttr'), /^小学$/, '小学')
  await pick(page, orgDialog.locator('#appType'), '中小学（Z12）')
  await orgDialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('新增成功').first().waitFor()
  await row(orgs, school).waitFor()

  // 楼宇教室: choose the new school, then a two-floor building with three rooms a floor.
  await page.goto(`${baseUrl}/#/base-buildLot/roomManage`)
  const rooms = page.locator('[data-page="/base-buildLot/roomManage"]')
  await pick(page, scope(page).locator('.ant-select'), school)
  await rooms.getByText('暂无楼宇').waitFor()
  await rooms.getByRole('button', { name: '新增楼宇' }).click()
  const buildingDialog = page.locator('.ant-modal').filter({ hasText: '新增楼宇' })
  await buildingDialog.getByPlaceholder('请输入楼宇名称').fill(building)
  await buildingDialog.locator('input[id$="floorCount"]').fill('2')
  await buildingDialog.getByRole('button', { name: '确定' }).click()
  await rooms.getByText('2层 · 0间').waitFor()
  await rooms.getByRole('button', { name: '批量新增' }).click()
  const batch = page.locator('[data-page="/base-buildLot/roomManage/batch"]')
  await batch.locator('input[id$="toLevel"]').fill('2')
  await batch.locator('input[id$="perFloor"]').fill('3')
  await batch.getByRole('button', { name: '批量新增' }).click()
  await page.getByText('已新增6间教室').first().waitFor()
  await rooms.locator('.ant-list-item').getByText(building, { exact: true }).waitFor()
  await rooms.getByText('2层 · 6间').waitFor()
  for (const room of ['101', '102', '103', '201', '202', '203'])
    await rooms.locator('.ant-table').getByText(room, { exact: true }).waitFor()

  // 校历: the choice of school carries over to the next page.
  await page.goto(`${baseUrl}/#/base-school/calendarSet`)
  const terms = page.locator('[data-page="/base-school/calendarSet"]')
  await scope(page).getByText(school).waitFor()
  await terms.getByRole('button', { name: '新增学期' }).click()
  const termDialog = page.locator('.ant-modal').filter({ hasText: '新增学期' })
  await termDialog.getByPlaceholder('如 2026-2027').fill('2026-2027')
  await typeDate(termDialog, 'startDate', '2026-09-01')
  await typeDate(termDialog, 'endDate', '2027-01-31')
  await termDialog.getByRole('button', { name: '确定' }).click()
  await row(terms, '2026-2027学年第一学期').getByText('2027-01-31').waitFor()

  // 年级
  await page.goto(`${baseUrl}/#/base-school/gradeManage`)
  const grades = page.locator('[data-page="/base-school/gradeManage"]')
  await scope(page).getByText(school).waitFor()
  await grades.getByRole('button', { name: '新增', exact: true }).click()
  const gradeDialog = page.locator('.ant-modal').filter({ hasText: '新增年级' })
  await gradeDialog.getByPlaceholder('如 2026级').fill(grade)
  await gradeDialog.getByPlaceholder('请输入入学年份').fill('2026')
  await gradeDialog.getByRole('button', { name: '确定' }).click()
  await row(grades, grade).waitFor()

  // 班级: two classes in that grade through the addClass page.
  await page.goto(`${baseUrl}/#/base-school/classManage`)
  const classList = page.locator('[data-page="/base-school/classManage"]')
  for (const name of classes) {
    await classList.getByRole('button', { name: '新增', exact: true }).click()
    const form = page.locator('[data-page="/base-school/addClass"]')
    await pick(page, form.locator('#gradeId'), grade)
    await form.getByPlaceholder('如 1班').fill(name)
    await form.getByRole('button', { name: '保存' }).click()
    await row(classList, name).getByText(grade).waitFor()
  }
  await settled(classList)
  assert(
    (await classList.locator('.ant-table-row').count()) === 2,
    'the new school should hold exactly its two classes',
  )

  // 学科
  await page.goto(`${baseUrl}/#/base-school/dictionary/subjectManage`)
  const subjectScreen = page.locator('[data-page="/base-school/dictionary/subjectManage"]')
  await scope(page).getByText(school).waitFor()
  for (const [name, code] of subjects) {
    await subjectScreen.getByRole('button', { name: '新增学科' }).click()
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增学科' })
    await dialog.getByPlaceholder('请输入学科名称').fill(name)
    await dialog.getByPlaceholder('请输入学科编码').fill(code)
    await dialog.getByRole('button', { name: '确定' }).click()
    await row(subjectScreen, name).getByText(code).waitFor()
  }
  await settled(subjectScreen)
  assert(
    (await subjectScreen.locator('.ant-table-row').count()) === 2,
    'the new school should hold exactly its two subjects',
  )

  // The building belongs to the chosen school, not to the bureau itself (which may have buildings of its own).
  await page.goto(`${baseUrl}/#/base-buildLot/roomManage`)
  await rooms.locator('.ant-list-item').getByText(building, { exact: true }).waitFor()
  await pick(page, scope(page).locator('.ant-select'), '（本机构）')
  await rooms.getByText(building).waitFor({ state: 'detached' })
  await settled(rooms, BUILDINGS)
  assert((await rooms.getByText(building).count()) === 0, 'the building was added to the bureau')

  // An administrator of another school: no school to choose, and none of the new school's records in the lists.
  const other = await newPage()
  await signIn(other, baseUrl, 'xxadmin')
  const lists: [path: string, names: string[], items?: string][] = [
    ['/base-school/gradeManage', [grade]],
    ['/base-school/classManage', classes],
    ['/base-buildLot/roomManage', [building], BUILDINGS],
    ['/base-school/dictionary/subjectManage', subjects.map(([name]) => name)],
  ]
  for (const [path, names, items] of lists) {
    await other.goto(`${baseUrl}/#${path}`)
    const screen = other.locator(`[data-page="${path}"]`)
    await settled(screen, items)
    assert((await scope(other).count()) === 0, `xxadmin is offered a choice of school on ${path}`)
    for (const name of names) assert((await screen.getByText(name).count()) === 0, `xxadmin sees ${name} on ${path}`)
  }
})
