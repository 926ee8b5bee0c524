import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { BrowserContext } from 'playwright-core'
import { assert, signIn, test, watchPageErrors } from '../harness.js'

const PAGE = '/base-statistics/autumn'
const SCHOOL = '示范区第一实验小学'

/**
 * Issue 27 point 6 (docs/school-year.md "The autumn statistics"): jyjadmin takes the district's snapshot on 秋季统计,
 * sees the district totals, a chart and the per-school table, drills into 第一实验小学 and its 三年级 (the classes, 王小明's (2)班 among them, with
 * their sizes), downloads the Excel and finds the school's students in it; at 375 px the page body does not overflow.
 * It adds one snapshot and changes nothing else.
 */
test('school stats: jyjadmin takes a snapshot, drills into a school and a grade, downloads the Excel', async ({
  browser,
  baseUrl,
}) => {
  const contexts: BrowserContext[] = []
  const desk = async (width: number, height: number) => {
    const c = await browser.newContext({
      viewport: { width, height },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      acceptDownloads: true,
    })
    c.setDefaultTimeout(30_000)
    contexts.push(c)
    return c.newPage()
  }
  try {
    const page = await desk(1440, 900)
    const errors = watchPageErrors(page)
    await signIn(page, baseUrl, 'jyjadmin')
    await page.goto(`${baseUrl}/#${PAGE}`)
    const screen = page.locator(`[data-page="${PAGE}"]`)

    // ---- 1. The snapshot, then the district: totals, the per-school table, the charts.
    await screen.getByRole('button', { name: '生成统计快照' }).click()
    await page.getByText('统计快照已生成').first().waitFor()
    const schools = screen.getByTestId('stats-schools')
    await schools.getByRole('button', { name: `查看${SCHOOL}` }).waitFor()
    await screen.getByText('学生数').first().waitFor()
    await screen.getByTestId('chart-grades').locator('canvas').first().waitFor()
    await screen.getByTestId('chart-bands').locator('canvas').first().waitFor()

    // ---- 2. Drill-down: the district → 第一实验小学 → 三年级, with its classes and their sizes.
    await schools.getByRole('button', { name: `查看${SCHOOL}` }).click()
    const school = screen.getByTestId('stats-school')
    await school.getByText(`${SCHOOL}：各年级`).waitFor()
    await school.getByRole('button', { name: '查看三年级' }).click()
    const grade = screen.getByTestId('stats-grade')
    await grade.getByRole('cell', { name: '(2)班', exact: true }).waitFor()
    const sizes = await grade.locator('tbody tr.ant-table-row').allInnerTexts()
    assert(sizes.length > 0 && sizes.every((r) => /\d+/.test(r)), `each class shows its size: ${sizes.join(' | ')}`)
    // Back to the district through the breadcrumb.
    await screen.getByRole('button', { name: '全区' }).click()
    await schools.waitFor()

    // ---- 3. The Excel: it opens and holds the school's students.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      screen.getByRole('button', { name: '导出Excel' }).click(),
    ])
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zx-stats-')), 'stats.xlsx')
    await download.saveAs(saved)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(saved)
    const names = wb.worksheets.map((w) => w.name)
    assert(names.includes('学生数') && names.includes('生师比'), `the workbook's sheets: ${names.join(', ')}`)
    const rows: unknown[][] = []
    wb.getWorksheet('学生数')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
    const subtotal = rows.find((r) => r[0] === SCHOOL && r[1] === '小计')
    assert(subtotal && typeof subtotal[3] === 'number' && subtotal[3] > 0, `${SCHOOL}'s students: ${String(subtotal)}`)
    errors()

    // ---- 4. At 375 px the page body does not scroll sideways (the tables scroll inside themselves).
    const phone = await desk(375, 812)
    await signIn(phone, baseUrl, 'jyjadmin')
    await phone.goto(`${baseUrl}/#${PAGE}`)
    await phone.locator(`[data-page="${PAGE}"]`).getByTestId('stats-schools').waitFor()
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert(overflow <= 0, `秋季统计 overflows 375 px by ${overflow}px`)
  } finally {
    for (const c of contexts) await c.close()
  }
})
