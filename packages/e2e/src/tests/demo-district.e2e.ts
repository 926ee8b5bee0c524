import { assert, pick, signIn, tableRow, test } from '../harness.js'

// The demo district is not empty: the primary school's admin finds its grades and classes, teachers leading
// classes and students placed in them, without building anything first.
test('demo district: xxadmin sees the seeded classes of 第一实验小学, its students with their class names and 张老师 leading 三年级(2)班', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')

  await page.goto(`${baseUrl}/#/base-school/classManage`)
  const classes = page.locator('[data-page="/base-school/classManage"]')
  // The unfiltered list shows every grade's classes; once filtered, no other grade is left.
  await tableRow(classes, '(1)班').getByText('二年级').waitFor()
  await pick(page, classes.locator('.ant-select').filter({ hasText: '全部年级' }), '一年级')
  await tableRow(classes, '二年级').first().waitFor({ state: 'detached' })
  for (const name of ['(1)班', '(2)班', '(3)班']) await tableRow(classes, name).getByText('一年级').waitFor()
  assert((await classes.locator('.ant-table-row').count()) === 3, '一年级 has its three seeded classes')
  await pick(page, classes.locator('.ant-select').filter({ hasText: '一年级' }), '三年级')
  await tableRow(classes, '一年级').first().waitFor({ state: 'detached' })
  await tableRow(classes, '(2)班').getByText('三年级').waitFor()
  assert((await classes.locator('.ant-table-row').count()) === 2, '三年级 has its two seeded classes')

  await page.goto(`${baseUrl}/#/base-userAccount/students`)
  const students = page.locator('[data-page="/base-userAccount/students"]')
  const first = students.locator('.ant-table-row').first()
  await first.waitFor()
  assert(
    /[一二三四五六]年级\(\d\)班/.test(await first.innerText()),
    `a listed student shows a class: ${await first.innerText()}`,
  )
  await students.getByPlaceholder('姓名或学号').fill('王小明')
  await students.getByPlaceholder('姓名或学号').press('Enter')
  await tableRow(students, '王小明').getByText('三年级(2)班').waitFor()

  await page.goto(`${baseUrl}/#/base-userAccount/teachers`)
  const teachers = page.locator('[data-page="/base-userAccount/teachers"]')
  await teachers.getByPlaceholder(/姓名/).fill('zhanglaoshi')
  await teachers.getByPlaceholder(/姓名/).press('Enter')
  const zhang = tableRow(teachers, 'zhanglaoshi')
  await zhang.getByText('语文教研组').waitFor()
  await zhang.getByText('班主任').waitFor()
})
