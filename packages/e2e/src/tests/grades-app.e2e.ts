import ExcelJS from 'exceljs'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import {
  anotherParent,
  api,
  assert,
  atRest,
  openLauncher,
  signIn,
  signInFirstTime,
  test,
  tokenOf,
  watchPageErrors,
  type Env,
} from '../harness.js'

/** Every wait for the apps' origin (the OpenID round trip, the app's pages), as in the OIDC journey. */
const WAIT_MS = 20_000
const PHONE = { width: 375, height: 812 }
const CLASS = '三年级(2)班'
const EXAM = '第三单元测验'
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Waits until `found` answers something, at most `ms`; `what` names the wait in the failure. */
async function poll<T>(what: string, ms: number, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await found()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The count of 成绩管理's red dot in the portal's red-dot answer for `token` (0 without a dot). */
async function gradesDot(baseUrl: string, token: string): Promise<number> {
  const r = await api<{ dots: { kind: string; key: string; count: number }[] }>(baseUrl, '/base/api/redot/counts', {
    token,
  })
  assert(r.code === 0, `redot/counts: ${r.msg}`)
  return r.data.dots.find((d) => d.kind === 'app' && d.key === 'grade_manage')?.count ?? 0
}

/** Opens the portal's 常用 and answers the red dot on 成绩管理 there (null without one), then closes 常用 again. */
async function oftenDot(portal: Page): Promise<string | null> {
  const trigger = portal.getByTestId('often-use-trigger')
  await trigger.click()
  const often = portal.getByTestId('often-use')
  const tile = often.locator('[data-app="grade_manage"]')
  await tile.waitFor()
  const dot = tile.locator('[data-red-dot]')
  const count = (await dot.count()) ? await dot.first().getAttribute('data-red-dot') : null
  await trigger.click()
  await often.waitFor({ state: 'detached' })
  return count
}

/**
 * Opens 成绩管理 from the portal's launcher: a new top-level page on the apps' origin, signed in through the hub's
 * OpenID provider by the portal's session — the portal's password page is never shown on the way.
 */
async function openGrades(page: Page, appsUrl: string): Promise<Page> {
  const seen: string[] = []
  const follow = (p: Page) =>
    p.on('framenavigated', (f) => {
      if (f === p.mainFrame()) seen.push(f.url())
    })
  page.context().on('page', follow)
  const tile = (await openLauncher(page)).locator('[data-app="grade_manage"]')
  const [opened] = await Promise.all([
    page.context().waitForEvent('page', { timeout: WAIT_MS }),
    tile.locator('.zx-app-open').click(),
  ])
  await opened.waitForURL(`${appsUrl}/grades/**`, { timeout: WAIT_MS })
  await opened.getByTestId('viewer-name').waitFor({ timeout: WAIT_MS })
  page.context().off('page', follow)
  assert(
    !seen.some((u) => u.includes('/redirect/login')),
    `signed in without the password page: ${JSON.stringify(seen)}`,
  )
  return opened
}

/** Every key of a JSON value, at any depth. */
function keysOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out)
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push(k)
      keysOf(x, out)
    }
  return out
}

/** The answers the apps' API gives a browser context's pages (path and JSON), collected as they arrive. */
function recordAnswers(context: BrowserContext, appsUrl: string): { path: string; body: unknown }[] {
  const got: { path: string; body: unknown }[] = []
  context.on('response', (r) => {
    if (!r.url().startsWith(`${appsUrl}/grades/api/`)) return
    if (!(r.headers()['content-type'] ?? '').includes('application/json')) return
    const path = new URL(r.url()).pathname + new URL(r.url()).search
    void r.json().then(
      (body: unknown) => got.push({ path, body }),
      () => {},
    )
  })
  return got
}

/** The score cell of `student` in `subject` of the teacher's grid (a text box while the exam is a draft). */
const cell = (app: Page, student: string, subject: string): Locator =>
  app.getByRole('textbox', { name: `${student} ${subject}`, exact: true })

interface Pupil {
  no: string
  name: string
  /** 语文, 数学 as the sheet is finally filled. */
  chinese: number
  maths: number
}

/**
 * Issue 25 point 6, the grades half (docs/school-apps.md › 成绩管理): zhanglaoshi opens 成绩管理 from the portal's
 * launcher (OpenID, no second password), creates an exam for his class, downloads the Excel template, imports it with
 * one bad row (listed, nothing saved), fixes it and publishes; xiaoming sees his scores and no rank anywhere, neither
 * on the page nor in any answer the page receives; a parent of a classmate sees only her own child, and the app
 * refuses 王小明's results to her session.
 */
test('grades app: zhanglaoshi imports a score sheet with one bad row, fixes it, publishes; xiaoming sees his scores without a rank; another parent never sees 王小明', async ({
  browser,
  baseUrl,
  appsUrl,
}) => {
  // A parent of a classmate of 王小明, on the initial password.
  const other = await anotherParent(baseUrl, CLASS, '王小明')
  const classmate = other.classmate

  const contexts: BrowserContext[] = []
  const context = async () => {
    const c = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    c.setDefaultTimeout(30_000)
    c.setDefaultNavigationTimeout(30_000)
    contexts.push(c)
    return c
  }
  try {
    // ---- 1. The teacher: a new exam, the template, a sheet with one bad row, the fix, publish.
    const teacherContext = await context()
    const portal = await teacherContext.newPage()
    await signIn(portal, baseUrl, 'zhanglaoshi')
    const app = await openGrades(portal, appsUrl)
    const appErrors = watchPageErrors(app)
    assert((await app.getByTestId('viewer-name').innerText()) === '张老师', 'the app names the teacher')

    await app.getByRole('button', { name: '新建考试' }).click()
    const form = app.locator('form')
    await form.getByLabel('考试名称').fill(EXAM)
    // His own class only (he may teach others too), and 语文 and 数学 of the three subjects the form starts with.
    for (const box of await form.getByRole('checkbox').all()) {
      const label = (await box.locator('xpath=ancestor::label[1]').innerText()).trim()
      if ((label === CLASS) !== (await box.isChecked())) await box.click()
    }
    assert(await form.getByRole('checkbox', { name: CLASS }).isChecked(), `${CLASS} is chosen`)
    await form.getByRole('button', { name: '删除科目 3' }).click()
    const subjects = await form
      .getByPlaceholder('如：语文')
      .evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value))
    assert(
      JSON.stringify(subjects) === '["语文","数学"]',
      `the subjects are 语文 and 数学: ${JSON.stringify(subjects)}`,
    )
    await form.getByRole('button', { name: '保存' }).click()
    await app.waitForURL(/#\/exam\/\d+$/)
    const examId = Number(/#\/exam\/(\d+)$/.exec(app.url())![1])
    await app.getByText('草稿', { exact: true }).waitFor()

    // The template: a real download, read with exceljs.
    const [download] = await Promise.all([
      app.waitForEvent('download'),
      app.getByRole('button', { name: '下载模板' }).click(),
    ])
    assert(download.suggestedFilename().endsWith('.xlsx'), `an Excel file: ${download.suggestedFilename()}`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(await download.path())
    const sheet = book.getWorksheet(CLASS)
    assert(sheet && book.worksheets.length === 1, `one sheet, ${CLASS}: ${book.worksheets.map((w) => w.name)}`)
    const header = [1, 2, 3, 4, 5, 6].map((c) => String(sheet.getRow(1).getCell(c).value ?? ''))
    assert(
      JSON.stringify(header) === '["学号","姓名","班级","语文","数学",""]',
      `the header: ${JSON.stringify(header)}`,
    )
    const pupils: Pupil[] = []
    sheet.eachRow((row, r) => {
      if (r === 1) return
      const [no, name, cls, chinese, maths] = [1, 2, 3, 4, 5].map((c) => row.getCell(c).value)
      assert(cls === CLASS && chinese === null && maths === null, `row ${r} is ${CLASS}'s, no score yet`)
      const i = pupils.length
      // Distinct, valid marks, one with a decimal.
      pupils.push({ no: String(no), name: String(name), chinese: i === 0 ? 88.5 : 70 + i * 3, maths: 60 + i * 5 })
    })
    assert(pupils.length >= 3, `the class's pupils are listed: ${pupils.length}`)
    const xiaoming = pupils.find((p) => p.name === '王小明')
    assert(xiaoming, `王小明 is on the sheet: ${pupils.map((p) => p.name)}`)
    assert(
      pupils.some((p) => p.name === classmate.trueName),
      `${classmate.trueName} is on the sheet`,
    )
    const fill = async (badRow?: number) => {
      pupils.forEach((p, i) => {
        const row = sheet.getRow(i + 2)
        row.getCell(4).value = p.chinese
        row.getCell(5).value = i + 2 === badRow ? 150 : p.maths
      })
      return Buffer.from(await book.xlsx.writeBuffer())
    }
    const upload = async (buffer: Buffer) =>
      app.locator('input[type="file"]').setInputFiles({ name: `${EXAM}-成绩.xlsx`, mimeType: XLSX, buffer })

    // One bad row (150 of 100): it is listed with its reason, and nothing is saved.
    const badRow = 3
    await upload(await fill(badRow))
    const problems = app.getByRole('list', { name: '有误的行' })
    await problems.waitFor()
    await app.getByText('有 1 行有误，未保存任何成绩，请修改后重新导入').waitFor()
    const listed = await problems.getByRole('listitem').allInnerTexts()
    assert(
      listed.length === 1 && listed[0]!.includes(`第 ${badRow} 行`) && /数学：.*超出范围/.test(listed[0]!),
      `the bad row is listed with its reason: ${JSON.stringify(listed)}`,
    )
    const empty = async () => {
      for (const p of pupils)
        for (const s of ['语文', '数学']) {
          const v = await cell(app, p.name, s).inputValue()
          assert(v === '', `nothing was saved: ${p.name} ${s} shows "${v}"`)
        }
    }
    await empty()
    // What the server holds, not only what the page kept: the grid read afresh.
    await app.reload()
    await cell(app, xiaoming.name, '语文').waitFor()
    await empty()

    // Fixed, uploaded again: every row saved.
    await upload(await fill())
    await app.getByText(`已导入 ${pupils.length} 名学生的成绩`).waitFor()
    assert((await problems.count()) === 0, 'no bad rows listed any more')
    for (const p of pupils)
      for (const [s, v] of [
        ['语文', p.chinese],
        ['数学', p.maths],
      ] as const)
        await poll(`${p.name} ${s} shows ${v}`, WAIT_MS, async () =>
          (await cell(app, p.name, s).inputValue()) === String(v) ? true : undefined,
        )

    // Publish (with its confirmation).
    await app.getByRole('button', { name: '发布', exact: true }).click()
    const confirm = app.locator('.ant-popconfirm')
    await atRest(confirm)
    await confirm.getByRole('button', { name: '发布', exact: true }).click()
    await app.getByText(/^已发布，已通知 \d+ 位学生和家长$/).waitFor()
    await app.getByText('已发布', { exact: true }).first().waitFor()
    // 王小明's subject id for the checks below (his sub names him to the app).
    const grid = await app.request.get(
      `${appsUrl}/grades/api/exams/${examId}/grid?classId=${await classIdOf(app, appsUrl)}`,
    )
    const gridRows = ((await grid.json()) as { data: { rows: { sub: string; name: string }[] } }).data.rows
    const xiaomingSub = gridRows.find((r) => r.name === '王小明')?.sub
    assert(xiaomingSub, '王小明 is in the grid')
    appErrors()

    // ---- 2. The student: his scores of the new exam, no rank on the page or in what the page receives.
    const studentContext = await context()
    const answers = recordAnswers(studentContext, appsUrl)
    const studentPortal = await studentContext.newPage()
    // His red dot on 成绩管理 counts the published results he has not opened: the app recounts them when the exam is
    // published and tells the hub; the portal shows the hub's count in 常用.
    const student = await tokenOf(baseUrl, 'xiaoming')
    const unread = await poll('the red dot of 成绩管理 counts the new result', WAIT_MS, async () => {
      const n = await gradesDot(baseUrl, student)
      return n > 0 ? n : undefined
    })
    await signIn(studentPortal, baseUrl, 'xiaoming')
    const dotShown = await oftenDot(studentPortal)
    assert(dotShown === String(unread), `常用 shows ${unread} on 成绩管理: ${dotShown}`)
    const mine = await openGrades(studentPortal, appsUrl)
    const studentErrors = watchPageErrors(mine)
    // On his phone.
    await mine.setViewportSize(PHONE)
    await mine.getByText('我的成绩', { exact: true }).waitFor()
    const exams = mine.getByRole('navigation', { name: '考试列表' })
    const item = exams.getByRole('link').filter({ hasText: EXAM })
    await item.getByText('未读').waitFor()
    // The dot counts exactly the results marked 未读, the new one among them.
    const unreadListed = await exams.getByRole('link').filter({ hasText: '未读' }).count()
    assert(unreadListed === unread, `未读 on ${unreadListed} results, the red dot said ${unread}`)
    await item.click()
    await mine.waitForURL(new RegExp(`#/exam/${examId}$`))
    const scores = mine.locator('.ant-table')
    for (const [s, v] of [
      ['语文', xiaoming.chinese],
      ['数学', xiaoming.maths],
    ] as const) {
      const row = scores.locator('tr').filter({ has: mine.getByRole('cell', { name: s, exact: true }) })
      await row.getByRole('cell', { name: String(v), exact: true }).waitFor()
    }
    await scores
      .locator('.ant-table-summary')
      .getByText(String(xiaoming.chinese + xiaoming.maths), { exact: true })
      .waitFor()
    const text = await mine.locator('body').innerText()
    assert(!/排名|名次/.test(text), `no rank on the result page: ${text}`)
    const fits = await mine.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)
    assert(fits, 'the result fits a 375 px phone')
    await mine.getByRole('button', { name: '返回' }).click()
    await mine.getByRole('navigation', { name: '考试列表' }).waitFor()
    assert(!/排名|名次/.test(await mine.locator('body').innerText()), 'no rank on 我的成绩')
    const paths = () => answers.map((a) => a.path)
    await poll('the page received /profile, /results and the result', WAIT_MS, async () =>
      ['/grades/api/profile', '/grades/api/results', `/grades/api/results/${examId}`].every((p) => paths().includes(p))
        ? true
        : undefined,
    )
    const ranked = answers.flatMap((a) =>
      keysOf(a.body)
        .filter((k) => /rank/i.test(k))
        .map((k) => `${a.path}: ${k}`),
    )
    assert(ranked.length === 0, `no rank in the answers the page received: ${ranked.join(', ')}`)
    const own = answers.find((a) => a.path === `/grades/api/results/${examId}`)?.body as Env<{
      student: { name: string }
    }>
    assert(own.data.student.name === '王小明', 'the result is his')
    // Opened, the result is read: the dot falls by one, at the hub and in the portal's 常用 once it reloads.
    await poll('the red dot of 成绩管理 falls after he opened the result', WAIT_MS, async () =>
      (await gradesDot(baseUrl, student)) === unread - 1 ? true : undefined,
    )
    await studentPortal.reload()
    const dotAfter = await oftenDot(studentPortal)
    assert(
      dotAfter === (unread > 1 ? String(unread - 1) : null),
      `常用 shows ${unread - 1} on 成绩管理 after reading: ${dotAfter}`,
    )
    studentErrors()

    // ---- 3. Another parent: signs in with the initial password, sets her own, and sees only her own child.
    const parentContext = await context()
    const parentPortal = await parentContext.newPage()
    await signInFirstTime(parentPortal, baseUrl, other.userName, 'Parent2026x')
    const theirs = await openGrades(parentPortal, appsUrl)
    const parentErrors = watchPageErrors(theirs)
    // The page opens on one of her children (the first the app knows); the picker, with two, names exactly hers.
    const title = theirs.locator('.ant-card-head-title').filter({ hasText: /的成绩$/ })
    const shown = (await title.innerText()).replace(/的成绩$/, '')
    assert(
      other.children.some((c) => c.trueName === shown),
      `the page opens on her child: ${shown}`,
    )
    if (other.children.length > 1) {
      const picker = await theirs.locator('.ant-segmented-item').allInnerTexts()
      assert(
        JSON.stringify(picker.map((t) => t.trim()).sort()) ===
          JSON.stringify(other.children.map((c) => c.trueName).sort()),
        `the child picker names her children only: ${JSON.stringify(picker)}`,
      )
      await theirs.locator('.ant-segmented-item').filter({ hasText: classmate.trueName }).click()
    }
    await theirs.getByText(`${classmate.trueName}的成绩`).waitFor()
    await theirs.getByRole('navigation', { name: '考试列表' }).getByRole('link').filter({ hasText: EXAM }).click()
    await theirs.waitForURL(new RegExp(`#/exam/${examId}`))
    await theirs.getByText(`${classmate.trueName} · ${CLASS}`).waitFor()
    const pupil = pupils.find((p) => p.name === classmate.trueName)!
    await theirs
      .locator('.ant-table-summary')
      .getByText(String(pupil.chinese + pupil.maths), { exact: true })
      .waitFor()
    assert(!(await theirs.locator('body').innerText()).includes('王小明'), 'her pages never name 王小明')

    // 王小明's results asked of the app with her session: refused, on the page and in the API.
    for (const path of [
      `/grades/api/results?child=${xiaomingSub}`,
      `/grades/api/results/${examId}?child=${xiaomingSub}`,
    ]) {
      const r = await theirs.request.get(`${appsUrl}${path}`)
      const body = (await r.json()) as Env<unknown>
      assert(
        [403, 404].includes(r.status()) && body.code === r.status() && body.data === null,
        `${path} is refused: ${r.status()} ${JSON.stringify(body)}`,
      )
    }
    await theirs.goto(`${appsUrl}/grades/#/exam/${examId}?child=${xiaomingSub}`)
    await theirs.getByRole('alert').filter({ hasText: '只能查看您自己孩子的成绩' }).first().waitFor()
    assert(!(await theirs.locator('body').innerText()).includes('王小明'), 'the refusal names no one')
    parentErrors()
  } finally {
    for (const c of contexts) await c.close().catch(() => {})
  }
})

/** The class id of the teacher's grid: his class as the app's profile names it. */
async function classIdOf(app: Page, appsUrl: string): Promise<number> {
  const r = await app.request.get(`${appsUrl}/grades/api/profile`)
  const me = (await r.json()) as { data: { classes: { id: number; name: string }[] } }
  const c = me.data.classes.find((x) => x.name === CLASS)
  assert(c, `the teacher teaches ${CLASS}`)
  return c.id
}
