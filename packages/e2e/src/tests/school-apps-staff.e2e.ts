import ExcelJS from 'exceljs'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { assert, openLauncher, pick, signIn, test, watchPageErrors, type Env } from '../harness.js'

/** Every wait for the apps' origin (the OpenID round trip, the app's pages), as in the leave and grades journeys. */
const WAIT_MS = 20_000
const PHONE = { width: 375, height: 812 }
const CLASS = '三年级(2)班'
/** Unique to this journey: its request is found by it. */
const REASON = '参加市级语文教研活动（E2E 教师请假）'
const EXPORT_HEADER = ['姓名', '班级', '类型', '开始', '结束', '天数', '状态', '事由']

/** A China date (the apps' dates are Asia/Shanghai dates whatever the machine's zone) `days` from today, YYYY-MM-DD. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })

/** Waits until `found` answers something, at most `ms`; `what` names the wait in the failure. */
async function poll<T>(what: string, ms: number, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await found()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Opens app `key` (请假审批 `leave`, 成绩管理 `grade_manage`) from the portal's launcher: a new top-level page on
 * the apps' origin, signed in through the hub's OpenID provider by the portal's session.
 */
async function openApp(portal: Page, appsUrl: string, key: 'leave' | 'grade_manage'): Promise<Page> {
  // The launcher opened before is still open: the portal afresh (its trigger would close it).
  if (await portal.getByTestId('app-launcher').isVisible()) await portal.reload()
  const tile = (await openLauncher(portal)).locator(`[data-app="${key}"]`)
  const [opened] = await Promise.all([
    portal.context().waitForEvent('page', { timeout: WAIT_MS }),
    tile.locator('.zx-app-open').click(),
  ])
  await opened.waitForURL(`${appsUrl}/${key === 'leave' ? 'leave' : 'grades'}/**`, { timeout: WAIT_MS })
  await opened.getByTestId('viewer-name').waitFor({ timeout: WAIT_MS })
  return opened
}

/** An API answer of the app, read with the page's own session (same origin). */
async function appGet<T>(page: Page, path: string): Promise<T> {
  const body = await page.evaluate(async (p) => {
    const r = await fetch(p)
    return (await r.json()) as { code: number; msg: string; data: unknown }
  }, path)
  assert(body.code === 0, `${path} answered ${body.code} ${body.msg}`)
  return body.data as T
}

/**
 * On a 375 px phone: the page scrolls no wider than the screen (document.documentElement.scrollWidth ≤ 375) and
 * `control` — what the page is for — is shown and inside the screen's width.
 */
async function fitsPhone(page: Page, control: Locator, what: string): Promise<void> {
  await control.waitFor({ timeout: WAIT_MS })
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  assert(width <= PHONE.width, `${what} fits a 375 px phone: scrollWidth ${width}`)
  await control.scrollIntoViewIfNeeded()
  const box = await control.boundingBox()
  assert(
    box && box.width > 0 && box.x >= 0 && box.x + box.width <= PHONE.width,
    `${what}: its key control is on the screen: ${JSON.stringify(box)}`,
  )
}

/** The tab panel a tab of antd's Tabs shows. */
const panel = (page: Page) => page.locator('[role="tabpanel"]:not([aria-hidden="true"])')

/**
 * Issue 25, the staff pages (docs/school-apps.md): zhanglaoshi opens 今日请假 (who of his class is away today, as
 * the app answers it) and asks leave for himself under 我的请假, which goes to the first approver of the chain the
 * school set (the demo: 孙校长 for 语文教研组, which has no head); xxadmin finds it in his 待我审批, opens 请假统计
 * (by class, type and day; the figures the app answers) and downloads 导出Excel, a real .xlsx with the expected header;
 * xxadmin opens a published exam's 统计 in 成绩管理 (average, highest, lowest, pass and excellent rates as the app
 * computes them, the distribution drawn as SVG bars). 待我审批, 今日请假, 请假统计, the grades 统计 and zhanglaoshi's
 * score grid each fit a 375 px phone. zhanglaoshi's request is cancelled at the end.
 */
test(
  'school apps, staff pages: zhanglaoshi sees 今日请假 and asks leave for himself (to the chain’s first approver); xxadmin exports 请假统计 to Excel and reads an exam’s 统计 with its chart; all fit 375 px',
  async ({ browser, baseUrl, appsUrl }) => {
    const contexts: BrowserContext[] = []
    const context = async () => {
      const c = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        acceptDownloads: true,
      })
      c.setDefaultTimeout(30_000)
      c.setDefaultNavigationTimeout(30_000)
      contexts.push(c)
      return c
    }
    try {
      // ---- 1. zhanglaoshi: 今日请假, then his own leave through 我的请假.
      const teacherPortal = await (await context()).newPage()
      await signIn(teacherPortal, baseUrl, 'zhanglaoshi')
      const leave = await openApp(teacherPortal, appsUrl, 'leave')
      const leaveErrors = watchPageErrors(leave)
      assert((await leave.getByTestId('viewer-name').innerText()) === '张老师', 'the app names the teacher')
      await leave.getByRole('tab', { name: '今日请假' }).click()
      const today = await appGet<{ date: string; entries: { id: number; personName: string; className: string }[] }>(
        leave,
        '/leave/api/today',
      )
      // The demo puts a pupil of his class on leave from yesterday to tomorrow.
      assert(
        today.entries.some((e) => e.className === CLASS),
        `someone of ${CLASS} is away today: ${JSON.stringify(today)}`,
      )
      await panel(leave).getByText(`${today.date} 共 ${today.entries.length} 人请假`).waitFor()
      for (const e of today.entries)
        await panel(leave)
          .locator('.ant-card')
          .filter({ hasText: e.personName })
          .filter({ hasText: e.className })
          .first()
          .waitFor()
      const awayCards = panel(leave).locator('.ant-card')
      assert(
        (await awayCards.count()) === today.entries.length,
        `今日请假 lists ${await awayCards.count()}, the app counts ${today.entries.length}`,
      )

      await leave.getByRole('tab', { name: '我的请假' }).click()
      await panel(leave).getByRole('button', { name: '申请请假' }).click()
      const form = panel(leave).locator('form')
      await form.waitFor()
      // No child to choose: a teacher asks for himself.
      assert((await form.getByText('请假的孩子').count()) === 0, 'a teacher is not asked for a child')
      const day = chinaDay(20)
      for (const label of ['开始日期', '结束日期']) {
        const input = form.getByRole('textbox', { name: label })
        await input.click()
        await input.fill(day)
        await input.press('Enter')
      }
      await pick(leave, form.getByRole('combobox', { name: '开始半天' }), '上午')
      await pick(leave, form.getByRole('combobox', { name: '结束半天' }), '下午')
      await pick(leave, form.locator('.ant-form-item').filter({ hasText: '请假类型' }).locator('.ant-select'), '事假')
      await form.getByLabel('请假事由').fill(REASON)
      const [created] = await Promise.all([
        leave.waitForResponse((r) => r.url() === `${appsUrl}/leave/api/requests` && r.request().method() === 'POST'),
        form.getByRole('button', { name: '提交申请' }).click(),
      ])
      const answer = (await created.json()) as Env<{ id: number } | null>
      assert(answer.code === 0 && answer.data, `his request is saved: ${JSON.stringify(answer)}`)
      const requestId = answer.data.id
      await leave.getByText('请假申请已提交').waitFor()
      // It waits for the chain's first step: the request's own steps name who.
      const detail = await appGet<{
        status: string
        waitingFor: string | null
        steps: { label: string; name: string; approved: boolean | null }[]
      }>(leave, `/leave/api/requests/${requestId}`)
      assert(
        detail.status === 'pending' &&
          detail.steps.length >= 1 &&
          detail.steps[0].approved === null &&
          detail.waitingFor === detail.steps[0].name,
        `his request waits for the chain's first approver: ${JSON.stringify(detail)}`,
      )
      // The demo's chain for 语文教研组 (no head): the school leader, 孙校长.
      assert(
        detail.steps[0].label === '学校领导' && detail.waitingFor === '孙校长',
        `first approver: ${JSON.stringify(detail.steps)}`,
      )
      const mine = panel(leave).locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`)
      await mine.waitFor()
      const mineText = await mine.innerText()
      assert(
        mineText.includes('待审批') && mineText.includes(`待 ${detail.waitingFor} 审批`) && mineText.includes(REASON),
        `我的请假 shows it waiting for ${detail.waitingFor}: ${mineText}`,
      )

      // His pages on a phone: 待我审批 (the demo's requests of his class wait for him), 今日请假.
      await leave.setViewportSize(PHONE)
      await leave.getByRole('tab', { name: '待我审批' }).click()
      await fitsPhone(
        leave,
        panel(leave).getByTestId('leave-request').first().getByRole('button', { name: '批准', exact: true }),
        '待我审批',
      )
      await leave.getByRole('tab', { name: '今日请假' }).click()
      await fitsPhone(
        leave,
        panel(leave).locator('.ant-card').first().getByRole('button', { name: '查看' }),
        '今日请假',
      )
      leaveErrors()

      // ---- 2. xxadmin: the request in his 待我审批; 请假统计 and its Excel.
      const adminPortal = await (await context()).newPage()
      await signIn(adminPortal, baseUrl, 'xxadmin')
      const admin = await openApp(adminPortal, appsUrl, 'leave')
      const adminErrors = watchPageErrors(admin)
      assert((await admin.getByTestId('viewer-name').innerText()) === '孙校长', 'the app names the principal')
      const waiting = panel(admin).locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`)
      await waiting.waitFor()
      assert((await waiting.innerText()).includes('张老师'), `待我审批 shows 张老师's request`)

      await admin.getByRole('tab', { name: '请假统计' }).click()
      const from = chinaDay(0).slice(0, 8) + '01'
      const [y, m] = from.split('-').map(Number)
      const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)
      const stats = await appGet<{
        totals: { requests: number; days: number }
        byClass: { className: string; requests: number; days: number }[]
        byType: { label: string; requests: number; days: number }[]
        byDay: { date: string; people: number; days: number }[]
      }>(admin, `/leave/api/stats?from=${from}&to=${to}`)
      assert(stats.totals.requests > 0, `this month has approved leave: ${JSON.stringify(stats.totals)}`)
      const statistic = (title: string) =>
        panel(admin).locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value')
      await poll('请假次数 and 请假天数 show the app’s totals', WAIT_MS, async () =>
        (await statistic('请假次数').innerText()) === String(stats.totals.requests) &&
        (await statistic('请假天数').innerText()) === String(stats.totals.days)
          ? true
          : undefined,
      )
      // Each breakdown lists the app's lines: by class (the default), by type, by day.
      const lines = panel(admin).locator('.ant-card')
      for (const c of stats.byClass) await lines.getByText(`${c.requests}次 · ${c.days}天`).first().waitFor()
      await lines.getByText(CLASS, { exact: true }).waitFor()
      await panel(admin).locator('.ant-segmented-item').filter({ hasText: '按类型' }).click()
      for (const x of stats.byType) await lines.getByText(x.label, { exact: true }).waitFor()
      await panel(admin).locator('.ant-segmented-item').filter({ hasText: '按日' }).click()
      const busy = stats.byDay.filter((d) => d.people > 0)
      assert(
        busy.some((d) => d.date === chinaDay(0)),
        'today has someone away',
      )
      for (const d of busy) await lines.getByText(`${d.people}人 · ${d.days}天`).first().waitFor()
      await lines.getByText(chinaDay(0).slice(5), { exact: true }).waitFor()

      const [download] = await Promise.all([
        admin.waitForEvent('download', { timeout: WAIT_MS }),
        panel(admin).getByRole('button', { name: '导出Excel' }).click(),
      ])
      assert(download.suggestedFilename().endsWith('.xlsx'), `an Excel file: ${download.suggestedFilename()}`)
      const book = new ExcelJS.Workbook()
      await book.xlsx.readFile(await download.path())
      const sheet = book.getWorksheet('请假统计')
      assert(sheet, `the sheet 请假统计: ${book.worksheets.map((w) => w.name)}`)
      const header = EXPORT_HEADER.map((_, i) => String(sheet.getRow(1).getCell(i + 1).value ?? ''))
      assert(JSON.stringify(header) === JSON.stringify(EXPORT_HEADER), `the header: ${JSON.stringify(header)}`)
      const rows: string[][] = []
      sheet.eachRow((row, r) => {
        if (r > 1) rows.push(EXPORT_HEADER.map((_, i) => String(row.getCell(i + 1).value ?? '')))
      })
      assert(
        rows.length >= stats.totals.requests,
        `every request of the month is a row: ${rows.length} rows, ${stats.totals.requests} approved`,
      )
      assert(
        rows.some((r) => r[1] === CLASS && r[6] === '已批准'),
        `the sheet has ${CLASS}'s approved leave: ${JSON.stringify(rows.slice(0, 5))}`,
      )

      // On a phone: 请假统计 with its export.
      await admin.setViewportSize(PHONE)
      await fitsPhone(admin, panel(admin).getByRole('button', { name: '导出Excel' }), '请假统计')
      await admin.getByRole('tab', { name: '待我审批' }).click()
      await fitsPhone(admin, waiting.getByRole('button', { name: '批准', exact: true }), '待我审批 (孙校长)')
      adminErrors()

      // ---- 3. 成绩管理: xxadmin reads a published exam's 统计; the figures are the app's, the chart is drawn.
      const grades = await openApp(adminPortal, appsUrl, 'grade_manage')
      const gradesErrors = watchPageErrors(grades)
      const schoolView = grades.locator('.ant-segmented-item').filter({ hasText: '全校考试' })
      if (await schoolView.count()) await schoolView.click()
      await grades.getByText('全校考试', { exact: true }).first().waitFor()
      const exams = await appGet<{ id: number; name: string; status: string }[]>(grades, '/grades/api/exams')
      const exam = exams.find((x) => x.name === '期中考试' && x.status === 'published')
      assert(exam, `the demo's 期中考试 is published: ${JSON.stringify(exams.map((x) => x.name))}`)
      await grades
        .getByRole('navigation', { name: '考试列表' })
        .getByRole('link')
        .filter({ hasText: exam.name })
        .click()
      await grades.waitForURL(new RegExp(`#/exam/${exam.id}$`))
      await grades.getByRole('tab', { name: '统计' }).click()
      const answer2 = await appGet<{
        groups: {
          name: string
          subjects: {
            name: string
            average: number | null
            highest: number | null
            lowest: number | null
            passRate: number | null
            excellentRate: number | null
            sitters: number
            bands: number[]
          }[]
        }[]
      }>(grades, `/grades/api/exams/${exam.id}/stats`)
      const group = answer2.groups[0]
      assert(group && group.subjects.length >= 3, `statistics per subject: ${JSON.stringify(answer2.groups)}`)
      const table = panel(grades).locator('.ant-table')
      const header2 = await table.locator('thead th').allInnerTexts()
      for (const h of ['平均分', '最高分', '最低分', '及格率', '优秀率'])
        assert(
          header2.some((x) => x.trim() === h),
          `the table has ${h}: ${JSON.stringify(header2)}`,
        )
      for (const s of group.subjects) {
        const row = table.locator('tbody tr').filter({ has: grades.getByRole('cell', { name: s.name, exact: true }) })
        const cells = (await row.locator('td').allInnerTexts()).map((x) => x.trim())
        const want = [s.name, s.average, s.highest, s.lowest, `${s.passRate}%`, `${s.excellentRate}%`].map(String)
        assert(
          JSON.stringify(cells.slice(0, 6)) === JSON.stringify(want),
          `${s.name}: ${JSON.stringify(cells)} shows ${JSON.stringify(want)}`,
        )
        assert(s.average !== null && s.sitters > 0, `${s.name} has sitters`)
        // Its distribution: an SVG of ten bars, as many drawn (height > 0) as bands with someone in them.
        const chart = panel(grades).locator(`svg[role="img"][aria-label^="${s.name}成绩分布"]`)
        await chart.waitFor()
        const heights = await chart
          .locator('rect')
          .evaluateAll((rs) => rs.map((r) => Number((r as SVGRectElement).getAttribute('height'))))
        assert(heights.length === 10, `${s.name}: ten bars: ${heights.length}`)
        assert(
          heights.filter((h) => h > 0).length === s.bands.filter((n) => n > 0).length &&
            s.bands.reduce((a, b) => a + b, 0) === s.sitters,
          `${s.name}: the bars draw the bands ${JSON.stringify(s.bands)}: ${JSON.stringify(heights)}`,
        )
      }
      await grades.setViewportSize(PHONE)
      await fitsPhone(grades, panel(grades).locator('svg[role="img"]').first(), 'the grades 统计')
      // The table scrolls inside itself; its first column (the subject, fixed) stays on the screen.
      await fitsPhone(
        grades,
        table.locator('tbody tr.ant-table-row').first().locator('td').first(),
        'the grades 统计 table',
      )
      gradesErrors()

      // ---- 4. zhanglaoshi's score grid of the exam on his phone: one card per pupil, with the rank teachers see.
      const grid = await openApp(teacherPortal, appsUrl, 'grade_manage')
      const gridErrors = watchPageErrors(grid)
      await grid.setViewportSize(PHONE)
      await grid.getByRole('navigation', { name: '考试列表' }).getByRole('link').filter({ hasText: exam.name }).click()
      await grid.waitForURL(new RegExp(`#/exam/${exam.id}$`))
      await grid.getByRole('tab', { name: '成绩', exact: true }).click()
      const xiaoming = panel(grid).locator('.ant-card').filter({ hasText: '王小明' }).first()
      await xiaoming.getByText(/班级第 \d+/).waitFor()
      await fitsPhone(grid, xiaoming, 'the score grid')
      gridErrors()

      // Leaves no request waiting: he withdraws his.
      const cancelled = await leave.evaluate(async (id) => {
        const r = await fetch(`/leave/api/requests/${id}/cancel`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
        return (await r.json()) as { code: number; msg: string }
      }, requestId)
      assert(cancelled.code === 0, `his request is withdrawn: ${JSON.stringify(cancelled)}`)
    } finally {
      for (const c of contexts) await c.close().catch(() => {})
    }
  },
  { timeoutMs: 240_000 },
)
