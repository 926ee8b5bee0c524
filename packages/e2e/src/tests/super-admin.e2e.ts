import type { Page } from 'playwright-core'
import { assert, signInSuperAdmin, tableRow, test } from '../harness.js'

/**
 * Screens the super administrator reaches from his menu: the platform's own and tenant screens that used to fail for
 * him. His platform org (unit attribute 0, Z12) does not get the student, parent and major pages at all (000 §6 menu
 * rules, menu-rules.e2e.ts), so they are not in his tour.
 */
const SCREENS = [
  '/base-set/system',
  '/base-set/area/levelSet',
  '/base-set/area/areaSet',
  '/base-set/tenant-manage',
  '/base-organization/orgSet',
  '/base-userAccount/teachers',
  '/base-school/gradeManage',
  '/base-school/gradeGuidang',
  '/base-school/classManage',
  '/base-school/classGuidang',
  '/base-school/addClass',
  '/roles-roleManage',
]

/**
 * Every API answer of the page that is not a success (HTTP error or a non-zero envelope code), and the number of
 * API calls still under way with a promise for the next one to end, so a test waits for real quiet, not a delay.
 */
function watchApi(page: Page) {
  const failures: string[] = []
  let inflight = 0
  let wake: () => void = () => {}
  const isApi = (url: string) => new URL(url).pathname.startsWith('/base/')
  const done = () => {
    inflight--
    wake()
  }
  page.on('request', (r) => {
    if (isApi(r.url())) inflight++
  })
  page.on('requestfailed', (r) => {
    if (isApi(r.url())) {
      failures.push(`${r.url()} failed`)
      done()
    }
  })
  page.on('requestfinished', (r) => {
    if (!isApi(r.url())) return
    const check = async () => {
      const res = await r.response()
      const type = res?.headers()['content-type'] ?? ''
      if (
        res &&
        (res.status() >= 400 || (type.includes('json') && ((await res.json()) as { code?: number }).code !== 0))
      ) {
        failures.push(`${r.method()} ${new URL(r.url()).pathname} → ${res.status()} ${await res.text()}`)
      }
    }
    // A body read after the test closed its page rejects; that answer no longer matters, but an unhandled rejection
    // would end the whole e2e run (it did once, after this test had passed).
    check()
      .catch((e: unknown) => {
        if (!page.isClosed()) failures.push(`${r.url()}: ${String(e)}`)
      })
      .finally(done)
  })
  return {
    failures,
    async idle() {
      while (inflight > 0)
        await new Promise<void>((resolve) => {
          wake = resolve
        })
    },
  }
}

// Issue 11 (18): the super administrator saw red error toasts on tenant screens that do not apply to his platform
// org (grades, classes, students, parents, majors: the server refuses them outside a school), and was offered 删除
// on his own row of the teacher list.
test('the super administrator opens the tenant screens without an error toast and cannot delete himself', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  // Every error toast ever shown, even one gone before a check could see it.
  await page.addInitScript(() => {
    const w = window as unknown as { __errorToasts: string[] }
    w.__errorToasts = []
    new MutationObserver(() => {
      document.querySelectorAll<HTMLElement & { __seen?: boolean }>('.ant-message-error').forEach((n) => {
        if (!n.__seen) {
          n.__seen = true
          w.__errorToasts.push(n.textContent ?? '')
        }
      })
    }).observe(document, { childList: true, subtree: true })
  })
  const api = watchApi(page)
  await signInSuperAdmin(page, baseUrl)

  for (const path of SCREENS) {
    await page.goto(`${baseUrl}/#${path}`)
    const screen = page.locator(`[data-page="${path}"]`)
    await screen.waitFor()
    await screen.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' })
    await api.idle()
  }
  const toasts = await page.evaluate(() => (window as unknown as { __errorToasts: string[] }).__errorToasts)
  assert(toasts.length === 0, `error toasts: ${toasts.join(' | ')}`)
  assert(api.failures.length === 0, `failed calls:\n${api.failures.join('\n')}`)

  // A school-only page says what it is for instead of asking the server.
  await page.goto(`${baseUrl}/#/base-school/gradeManage`)
  await page.getByTestId('school-gate').getByText('只适用于学校').waitFor()

  // His own row of the teacher list offers nothing that would lock him out.
  await page.goto(`${baseUrl}/#/base-userAccount/teachers`)
  const own = tableRow(page.locator('[data-page="/base-userAccount/teachers"]'), '超级管理员')
  await own.getByRole('button', { name: '详情' }).waitFor()
  for (const label of ['删除', '停用', '归档', '重置密码']) {
    assert((await own.getByRole('button', { name: label }).count()) === 0, `his own row offers ${label}`)
  }
})
