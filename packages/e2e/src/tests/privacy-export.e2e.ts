import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import type { BrowserContext } from 'playwright-core'
import { api, assert, signIn, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

/** Unique to this journey: its request and the student in it are found by these. */
const PURPOSE = '期末学籍核对（E2E）'
const STUDENT = '审批导出生'
/** A valid ID number (its check digit is right) and a phone: the full values the approved file must carry. */
const ID_CARD = '110105201506010016'
const OK = (label: string) => new RegExp(`^${label.split('').join(' ?')}$`)

/**
 * Issue 26 point 4 (docs/privacy.md "Export approval"): xxadmin asks for a full export of students (申请导出完整信息,
 * with a purpose) from the student list; jyjadmin, the demo's personal-information officer, approves it on the 导出申请
 * page; the job writes the file, and xxadmin downloads it there: a watermark naming xxadmin, the time and the purpose
 * above the header, and the student's ID number and phone in full. The officer never sees a download link.
 */
test('privacy export approval: xxadmin asks for a full student export, jyjadmin approves, xxadmin downloads it', async ({
  browser,
  baseUrl,
}) => {
  const adminToken = await tokenOf(baseUrl, 'xxadmin')
  const me = await api<{ trueName: string; orgName: string }>(baseUrl, '/base/api/account/user/current/detail', {
    token: adminToken,
  })
  // A student of 王小明's class with an ID number and a phone (the demo's pupils have none), by the API.
  const list = await api<{ list: { trueName: string; classId: number }[] }>(
    baseUrl,
    '/base/api/userInfo/studentInfo/page',
    { token: adminToken, body: { keyword: '王小明', pageIndex: 1, pageSize: 5 } },
  )
  const classId = list.data.list[0]?.classId
  assert(classId, `王小明's class: ${list.msg}`)
  const phone = `139${String(Date.now()).slice(-8)}`
  const added = await api(baseUrl, '/base/api/userInfo/studentInfo/add', {
    token: adminToken,
    body: { trueName: STUDENT, jobNo: `E2E${String(Date.now()).slice(-8)}`, classId, phone, idCard: ID_CARD },
  })
  assert(added.code === 0, `the student is added: ${added.msg}`)
  // The seed names jyjadmin the officer.
  const officer = await api<{ officer: { name: string } | null }>(baseUrl, '/base/api/privacy/officer', {
    token: adminToken,
  })
  assert(officer.data.officer, `the demo has its officer: ${officer.msg}`)

  const contexts: BrowserContext[] = []
  const desk = async () => {
    const c = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      acceptDownloads: true,
    })
    c.setDefaultTimeout(30_000)
    contexts.push(c)
    return c.newPage()
  }
  try {
    // ---- 1. xxadmin filters the list to the student and asks for the full export with a purpose.
    const page = await desk()
    const errors = watchPageErrors(page)
    await signIn(page, baseUrl, 'xxadmin')
    await page.goto(`${baseUrl}/#/base-userAccount/students`)
    const screen = page.locator('[data-page="/base-userAccount/students"]')
    await screen.getByPlaceholder('姓名或学号').fill(STUDENT)
    await screen.getByPlaceholder('姓名或学号').press('Enter')
    await tableRow(screen, STUDENT).waitFor()
    await screen.getByRole('button', { name: /申请审批/ }).click()
    await page.getByRole('menuitem', { name: '申请导出完整信息' }).click()
    const dialog = page.getByRole('dialog', { name: '申请导出学生完整信息' })
    await dialog.getByLabel('用途').fill(PURPOSE)
    await dialog.getByRole('button', { name: OK('提交申请') }).click()
    await page.getByText('已提交申请，请等待审批').first().waitFor()
    errors()

    // ---- 2. jyjadmin approves it from 导出申请 › 待我审批.
    const officerPage = await desk()
    const officerErrors = watchPageErrors(officerPage)
    await signIn(officerPage, baseUrl, 'jyjadmin')
    await officerPage.goto(`${baseUrl}/#/base-privacyLog/exports`)
    const review = officerPage.locator('[data-page="/base-privacyLog/exports"]')
    await review.getByRole('tab', { name: '待我审批' }).click()
    const pending = tableRow(review, PURPOSE).first()
    await pending.getByText('待审批').waitFor()
    assert((await pending.innerText()).includes(me.data.trueName), 'the request names xxadmin')
    await pending.getByRole('button', { name: OK('批准') }).click()
    await officerPage.getByText('已批准').first().waitFor()
    // The job runs in the background: the row turns 可下载, and the officer gets no link.
    for (let i = 0; i < 20 && !(await pending.getByText('可下载').count()); i++) {
      await officerPage.reload()
      await review.getByRole('tab', { name: '待我审批' }).click()
      await officerPage.waitForTimeout(500)
    }
    await pending.getByText('可下载').waitFor()
    assert(!(await pending.getByRole('button', { name: OK('下载') }).count()), 'only the requester downloads')
    officerErrors()

    // ---- 3. xxadmin downloads it from 导出申请 › 我的申请: watermarked, full values.
    await page.goto(`${baseUrl}/#/base-privacyLog/exports`)
    const mine = page.locator('[data-page="/base-privacyLog/exports"]')
    const row = tableRow(mine, PURPOSE).first()
    await row.getByText('可下载').waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: OK('下载') }).click(),
    ])
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zx-export-')), 'approved.xlsx')
    await download.saveAs(saved)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(saved)
    const ws = wb.worksheets[0]!
    const mark = String(ws.getRow(1).getCell(1).value)
    assert(
      mark.startsWith(`导出人 ${me.data.trueName}`) && mark.endsWith(`仅限 ${PURPOSE} 用途`) && mark.includes('时间 '),
      `the first line is the watermark: ${mark}`,
    )
    assert(String(ws.headerFooter.oddHeader ?? '').includes(PURPOSE), 'every page carries it in its header')
    assert(wb.creator === me.data.trueName, `the document names its exporter: ${wb.creator}`)
    const cells: string[] = []
    ws.eachRow((r) => (r.values as unknown[]).forEach((v) => cells.push(String(v ?? ''))))
    assert(cells.includes(STUDENT), 'the student is in the file')
    assert(cells.includes(ID_CARD), 'the ID number is in full')
    assert(cells.includes(phone), 'the phone is in full')
    await tableRow(mine, PURPOSE).first().getByText('已下载 1 次').waitFor()
    errors()
  } finally {
    for (const c of contexts) await c.close()
  }
})
