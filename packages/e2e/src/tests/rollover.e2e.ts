import type { BrowserContext, Locator, Page } from 'playwright-core'
import { api, assert, signIn, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

const SCHOOL = '示范区第一实验小学'
/** antd spaces out a two-character button label (批 准): match it either way. */
const OK = (label: string) => new RegExp(`^${label.split('').join(' ?')}$`)
const ROUTE = '/base-schoolYear/rollover'

interface Grade {
  name: string
  entryYear: number
  archived: boolean
}

/** The OK button of the Popconfirm that is open now. */
const confirmOf = (page: Page, label: string): Locator =>
  page.locator('.ant-popconfirm:not(.ant-popover-hidden)').getByRole('button', { name: OK(label) })

/**
 * Issue 27 points 1, 2 and 8 (docs/school-year.md "Roll-over screens"): jyjadmin creates the district's roll-over
 * plan on 学年结转, opens 第一实验小学's preview (三年级 → 四年级), approves the plan and runs that school alone; its
 * report lists the relabelled grade, and xxadmin's 年级管理 shows the cohort as 四年级. jyjadmin undoes the run and
 * the cohort is 三年级 again. A school administrator sees only their own school and none of the bureau's actions.
 */
test('rollover: jyjadmin plans, previews, approves and runs 第一实验小学 (三年级 → 四年级), then undoes it', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  const school = await tokenOf(baseUrl, 'xxadmin')
  // The cohort that is 三年级 now, found by its entry year (the names repeat once a year has rolled over).
  const grades = async () =>
    (
      await api<{ list: Grade[] }>(baseUrl, '/base/api/grade/page', {
        token: school,
        body: { pageIndex: 1, pageSize: 50 },
      })
    ).data.list
  const third = (await grades()).find((g) => g.name === '三年级' && !g.archived)
  assert(third, 'the demo school has a 三年级')
  const cohort = String(third.entryYear)

  const contexts: BrowserContext[] = []
  const desk = async () => {
    const c = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    c.setDefaultTimeout(30_000)
    contexts.push(c)
    return c.newPage()
  }
  /** xxadmin's 年级管理: the cohort's row names `name`. */
  const gradeShows = async (page: Page, name: string) => {
    await page.goto(`${baseUrl}/#/base-school/gradeManage`)
    const screen = page.locator('[data-page="/base-school/gradeManage"]')
    const row = tableRow(screen, name).filter({ has: page.getByRole('cell', { name: cohort, exact: true }) })
    await row.first().waitFor({ timeout: 15_000 })
  }
  try {
    // ---- 1. jyjadmin (in the journey's own context, so a failure leaves its screenshot): 新建结转计划.
    const page = await newPage()
    const errors = watchPageErrors(page)
    await signIn(page, baseUrl, 'jyjadmin')
    await page.goto(`${baseUrl}/#${ROUTE}`)
    const screen = page.locator(`[data-page="${ROUTE}"]`)
    await screen.getByRole('heading', { name: '学年结转' }).waitFor()
    await screen.getByRole('button', { name: '新建结转计划' }).click()
    await confirmOf(page, '新建').click()
    const plan = screen.getByTestId('rollover-plan')
    await plan.getByText('草稿').waitFor()
    const row = tableRow(screen, SCHOOL)
    await row.getByText('待结转').waitFor()

    // ---- 2. The school's preview: 三年级 → 四年级 among its cohorts.
    await row.getByRole('button', { name: `查看：${SCHOOL}`, exact: true }).click()
    const drawer = page.getByRole('dialog', { name: `${SCHOOL} · 结转预览` })
    await drawer.getByTestId('rollover-cohort').filter({ hasText: '三年级 → 四年级' }).waitFor()
    await drawer.getByText('毕业年级').waitFor()
    // Escape closes the drawer (keyboard use).
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'hidden' })

    // ---- 3. Approve (with its confirm), then run the one school.
    await plan.getByRole('button', { name: OK('批准') }).click()
    await confirmOf(page, '批准').click()
    await plan.getByText('已审批').waitFor()
    await row.getByRole('button', { name: `执行：${SCHOOL}`, exact: true }).click()
    await row.getByText('已结转').waitFor({ timeout: 60_000 })
    await screen
      .getByTestId('rollover-progress')
      .getByText(/已完成 1 所/)
      .waitFor()

    // ---- 4. Its report lists the relabelled cohort.
    await row.getByRole('button', { name: `查看报告：${SCHOOL}`, exact: true }).click()
    const report = page.getByRole('dialog', { name: `${SCHOOL} · 结转报告` })
    await tableRow(report, '年级升级').filter({ hasText: '三年级' }).filter({ hasText: '四年级' }).first().waitFor()
    await page.keyboard.press('Escape')
    await report.waitFor({ state: 'hidden' })
    errors()

    // ---- 5. xxadmin: the cohort is 四年级 now; 学年结转 shows only the own school, without the bureau's actions.
    const head = await desk()
    const headErrors = watchPageErrors(head)
    await signIn(head, baseUrl, 'xxadmin')
    await gradeShows(head, '四年级')
    await head.goto(`${baseUrl}/#${ROUTE}`)
    const own = head.locator(`[data-page="${ROUTE}"]`)
    await tableRow(own, SCHOOL).getByText('已结转').waitFor()
    // Another school of the district (the junior school) is not in his list.
    assert(!(await tableRow(own, '第二中学').count()), 'a school administrator sees their own school only')
    assert(!(await own.getByRole('button', { name: /撤销|执行/ }).count()), 'and none of the bureau’s actions')
    headErrors()

    // ---- 6. jyjadmin undoes the run (with its confirm): the school is 已撤销, the cohort 三年级 again.
    await row.getByRole('button', { name: `撤销：${SCHOOL}`, exact: true }).click()
    await confirmOf(page, '撤销').click()
    await row.getByText('已撤销').waitFor({ timeout: 60_000 })
    assert(!(await screen.getByTestId('rollover-refusal').count()), 'the undo was not refused')
    await gradeShows(head, '三年级')
    const after = (await grades()).find((g) => String(g.entryYear) === cohort && !g.archived)
    assert(after?.name === '三年级', `the cohort is 三年级 again: ${after?.name}`)
    errors()
    headErrors()
  } finally {
    for (const c of contexts) await c.close()
  }
})
