import ExcelJS from 'exceljs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BrowserContext, Locator } from 'playwright-core'
import { devices } from 'playwright-core'
import {
  classContracts,
  gradeContracts,
  intakeContracts,
  IntakeMsg,
  orgSetupContracts,
  studentContracts,
  type IntakeGrade,
} from '@zhixiao/shared'
import { api, assert, callAs, signIn, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

const STAMP = String(Date.now()).slice(-7)
const PAGE = '/base-schoolYear/intake'
const BOY = `新生男${STAMP}`
const GIRL = `新生女${STAMP}`
/** Time limits: an import job and the pages on a loaded machine. */
const JOB_MS = 60_000
const STEP_MS = 30_000

/**
 * A valid 18-digit ID card: born in 2020 on a day taken from the run's stamp (no seeded person shares it), sequence
 * `n`, sex by the 17th digit (odd male), and the checksum of GB 11643.
 */
function idCard(n: number, male: boolean): string {
  const day = 1 + (Number(STAMP) % 28)
  const month = 1 + (Math.floor(Number(STAMP) / 28) % 12)
  const seq = String(n).padStart(2, '0') + (male ? '1' : '2')
  const body = `1101052020${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${seq}`
  const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = W.reduce((a, w, i) => a + w * Number(body[i]), 0)
  return body + '10X98765432'[sum % 11]!
}

/** No horizontal scroll of the page body, and `button` is on screen (scrolled to if needed) within the width. */
async function reachable(button: Locator, label: string): Promise<void> {
  await button.scrollIntoViewIfNeeded({ timeout: STEP_MS })
  const box = await button.boundingBox({ timeout: STEP_MS })
  const width = await button.page().evaluate(() => window.innerWidth)
  assert(box && box.x >= 0 && box.x + box.width <= width, `${label} within ${width}px: ${JSON.stringify(box)}`)
}

/**
 * Issue 27 point 4 (docs/school-year.md "Intake, feeder schools and class placement"): xxadmin fills 第一实验小学's
 * intake grade (the demo's 一年级: this school year's entry) from a real .xlsx on 新生入学 — two good pupils written, a
 * bad checksum and a live pupil of the district's 初中 refused with their messages in the error file — then places the
 * two over the grade's classes by the balanced preview; the page stays usable at 375 px.
 */
test('intake: xxadmin imports new pupils on 新生入学 (bad rows refused with reasons) and places them over the 一年级 classes', async ({
  browser,
  baseUrl,
}) => {
  const school = await tokenOf(baseUrl, 'xxadmin')
  const bureau = await tokenOf(baseUrl, 'jyjadmin')

  // ---- Precondition: the demo's 一年级 is 第一实验小学's intake grade (the seed gives it this school year's entry).
  // Were it missing, the page's own 404 names what to make: a grade of this school year's entry (with classes).
  let grade = await api<IntakeGrade>(baseUrl, intakeContracts.grade.path, { token: school })
  if (grade.code !== 0) {
    const now = new Date()
    const entryYear = now.getMonth() >= 7 ? now.getFullYear() : now.getFullYear() - 1
    const gradeId = await callAs(baseUrl, gradeContracts.add, { name: `新生${STAMP}级`, entryYear }, school)
    for (const name of ['1班', '2班']) await callAs(baseUrl, classContracts.add, { gradeId, name }, school)
    grade = await api<IntakeGrade>(baseUrl, intakeContracts.grade.path, { token: school })
  }
  assert(grade.code === 0, `第一实验小学 has an intake grade: ${grade.msg}`)
  const intake = grade.data
  assert(intake.classes.length >= 2, `the intake grade ${intake.gradeName} has classes to spread over`)
  const before = new Map(intake.classes.map((c) => [c.name, c.total]))

  // ---- A live pupil of the district's 初中 (made by jyjadmin there): her ID card in the file names that school.
  const orgs = await callAs(baseUrl, orgSetupContracts.all, undefined, bureau)
  const middle = orgs.find((o) => /中学|初中/.test(o.name))
  assert(middle, `the district has a 初中: ${orgs.map((o) => o.name).join('、')}`)
  const classes = await callAs(baseUrl, classContracts.page, { orgId: middle.orgId, pageIndex: 1, pageSize: 5 }, bureau)
  const middleClass = classes.list[0]
  assert(middleClass, `${middle.name} has a class`)
  const liveCard = idCard(3, false)
  await callAs(
    baseUrl,
    studentContracts.add,
    {
      trueName: `在读生${STAMP}`,
      jobNo: `ZD${STAMP}`,
      classId: middleClass.id,
      sex: 1,
      idCard: liveCard,
    },
    bureau,
  )

  // ---- The file, in the template's columns: a boy and a girl, a failed checksum, the 初中's live pupil.
  const good = idCard(1, true)
  const badSum = idCard(2, true)
  const bad = badSum.slice(0, 17) + (badSum[17] === '0' ? '1' : '0')
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('新生')
  ws.addRow(['姓名*', '性别*', '身份证号*', '学籍号', '家长姓名', '家长手机'])
  ws.addRow([BOY, '男', good, `XJ${STAMP}1`])
  ws.addRow([GIRL, '女', idCard(4, false), `XJ${STAMP}2`])
  ws.addRow([`校验错${STAMP}`, '男', bad, `XJ${STAMP}3`])
  ws.addRow([`在读生${STAMP}`, '女', liveCard, `XJ${STAMP}4`])
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-intake-'))
  const fileName = `新生${STAMP}.xlsx`
  const file = path.join(dir, fileName)
  await wb.xlsx.writeFile(file)

  const contexts: BrowserContext[] = []
  try {
    // ---- 1. Desktop: upload the file on 新生入学.
    const desk = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      acceptDownloads: true,
    })
    desk.setDefaultTimeout(STEP_MS)
    contexts.push(desk)
    const page = await desk.newPage()
    const errors = watchPageErrors(page)
    await signIn(page, baseUrl, 'xxadmin')
    await page.goto(`${baseUrl}/#${PAGE}`)
    const screen = page.locator(`[data-page="${PAGE}"]`)
    await screen.getByText(`新生年级：${intake.gradeName}`).waitFor()
    await page.getByTestId('intake-import-file').setInputFiles(file)
    await page.getByText('导入任务已创建').first().waitFor()

    // ---- 2. The job ends: two written, two refused; the error file gives each refused row its reason.
    const task = page.getByTestId('import-panel').getByTestId('import-task').filter({ hasText: fileName })
    await task.getByText('100%').waitFor({ timeout: JOB_MS })
    await task.getByText('成功 2 条，失败 2 条').waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: STEP_MS }),
      task.getByRole('button', { name: '下载失败数据' }).click(),
    ])
    const saved = path.join(dir, 'errors.xlsx')
    await download.saveAs(saved)
    const out = new ExcelJS.Workbook()
    await out.xlsx.readFile(saved)
    const refused: string[][] = []
    out.worksheets[0]!.eachRow((r, i) => {
      if (i > 1) refused.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')))
    })
    const reasons = refused.map((r) => [r[0], r.at(-1)])
    assert(
      JSON.stringify(reasons) ===
        JSON.stringify([
          ['4', IntakeMsg.ID_CARD_BAD],
          ['5', `该身份证号已是「${middle.name}」的在读学生`],
        ]),
      `the refused rows and their reasons: ${JSON.stringify(reasons)}`,
    )
    assert(!refused.flat().includes(liveCard), 'the error file masks the ID card')
    // The page lists the same refused rows with their reasons.
    const listed = screen.getByTestId('intake-refused')
    await tableRow(listed, IntakeMsg.ID_CARD_BAD).getByText('4', { exact: true }).waitFor()
    await tableRow(listed, `该身份证号已是「${middle.name}」的在读学生`).getByText('5', { exact: true }).waitFor()
    assert((await tableRow(listed, '').count()) === 2, 'two refused rows listed')

    // The good rows are whole: both pupils in the intake grade, unplaced, and no trace of the refused ones.
    const list = screen.locator('.ant-table').filter({ has: page.locator('caption', { hasText: '新生年级学生' }) })
    for (const name of [BOY, GIRL]) await tableRow(list, name).getByText('未分班').waitFor()
    const students = await callAs(baseUrl, intakeContracts.unplaced, undefined, school)
    const mine = students.filter((s) => s.trueName.endsWith(STAMP))
    assert(
      mine.length === 2 &&
        mine.every((s) => s.classId === null) &&
        mine.some((s) => s.trueName === BOY && s.sex === 0) &&
        mine.some((s) => s.trueName === GIRL && s.sex === 1),
      `the intake grade's new pupils of this run: ${JSON.stringify(mine)}`,
    )
    const strays = await callAs(
      baseUrl,
      studentContracts.page,
      { keyword: `校验错${STAMP}`, pageIndex: 1, pageSize: 5 },
      school,
    )
    assert(strays.total === 0, `the refused row made no student: ${JSON.stringify(strays.list)}`)
    await screen.getByText(/待分班\s*2\s*人/).waitFor()

    // ---- 3. 分班: the preview spreads the boy and the girl over the classes and shows each class's size.
    await screen.getByRole('button', { name: '生成分班预览' }).click()
    const preview = screen.locator('.ant-table').filter({ has: page.locator('caption', { hasText: '分班预览' }) })
    await preview.waitFor()
    const rows: { name: string; boys: number; girls: number; after: number }[] = []
    for (const c of intake.classes) {
      const cells = await tableRow(preview, c.name).first().locator('td').allInnerTexts()
      rows.push({ name: c.name, boys: Number(cells[2]), girls: Number(cells[3]), after: Number(cells[4]) })
    }
    const into = rows.filter((r) => r.boys + r.girls > 0)
    assert(
      into.length === 2 && rows.reduce((a, r) => a + r.boys, 0) === 1 && rows.reduce((a, r) => a + r.girls, 0) === 1,
      `one boy and one girl, in two classes: ${JSON.stringify(rows)}`,
    )
    for (const r of rows) {
      assert(
        r.after === before.get(r.name)! + r.boys + r.girls,
        `${r.name}'s size after placement: ${JSON.stringify(r)}`,
      )
    }
    await screen.getByRole('button', { name: '确认分班' }).click()
    await page.getByText('已分班2名学生').first().waitFor()
    // The list shows each pupil in the class the preview chose.
    const boyClass = rows.find((r) => r.boys === 1)!.name
    const girlClass = rows.find((r) => r.girls === 1)!.name
    await tableRow(list, BOY).getByText(boyClass, { exact: true }).first().waitFor()
    await tableRow(list, GIRL).getByText(girlClass, { exact: true }).first().waitFor()
    await screen.getByText(/待分班\s*0\s*人/).waitFor()
    errors()

    // ---- 4. At 375 px (iPhone 13): no horizontal scroll of the page body; 导入 and the placement buttons reachable.
    const phoneCtx = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN' })
    phoneCtx.setDefaultTimeout(STEP_MS)
    contexts.push(phoneCtx)
    const phone = await phoneCtx.newPage()
    const phoneErrors = watchPageErrors(phone)
    await signIn(phone, baseUrl, 'xxadmin')
    await phone.goto(`${baseUrl}/#${PAGE}`)
    const small = phone.locator(`[data-page="${PAGE}"]`)
    await small.getByText(`新生年级：${intake.gradeName}`).waitFor()
    await tableRow(small, BOY).waitFor()
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert(overflow <= 0, `新生入学 overflows the phone's width by ${overflow}px`)
    await reachable(small.getByRole('button', { name: '导入', exact: true }), '导入')
    await reachable(small.getByRole('button', { name: '生成分班预览' }), '生成分班预览')
    await reachable(small.getByRole('button', { name: '确认分班' }), '确认分班')
    phoneErrors()
  } finally {
    for (const c of contexts) await c.close()
  }
})
