import ExcelJS from 'exceljs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { api, assert, signIn, test, tokenOf, watchPageErrors } from '../harness.js'

const PHONE = { width: 375, height: 812 }
const PASSWORD = 'Parent2026a'

/** The code of the phone's latest sign-up SMS, read from the super administrator's SMS log (as signup.e2e does). */
async function outboxCode(base: string, phone: string): Promise<string> {
  const admin = await tokenOf(base, 'administrator', 'Admin@2026')
  const tenants = await api(base, '/base/api/tenant/query?keyword=demo-district', { token: admin })
  const tenantId = tenants.data.list.find((t: { uniqueName: string }) => t.uniqueName === 'demo-district').id as number
  const log = await api(base, `/base/api/sms/log/page?tenantId=${tenantId}&pageSize=5`, { token: admin })
  const row = (log.data?.list ?? []).find((r: { event: string }) => r.event === 'signup')
  assert(row, `a sign-up SMS in the log: ${JSON.stringify(log)}`)
  const full = await api(base, `/base/api/sms/log/full?tenantId=${tenantId}&id=${row.id}`, { token: admin })
  assert(full.data?.phone === phone, `the latest sign-up SMS went to ${phone}: ${JSON.stringify(full.data)}`)
  const code = /\d{6}/.exec(full.data.content)?.[0]
  assert(code, `a code in ${full.data.content}`)
  return code
}

const noWiderThanPhone = async (page: Page, what: string) => {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)
  assert(width <= PHONE.width, `${what} is ${width} px wide on a ${PHONE.width} px screen`)
}

/**
 * Issue 26 point 7 (docs/privacy.md "Privacy notice and annual audit"): jyjadmin (the bureau, the demo's top org)
 * publishes a new 隐私政策 version; the login page's link opens it on a phone; a parent signs up there, ticking the
 * agreement that names v2; jyjadmin downloads the year's audit pack, whose first sheet has the counts and whose
 * notices sheet shows v2 accepted once. Leaves 隐私政策 v2 of the demo district in force and one signed-up parent
 * without a school (no request to join).
 */
test('privacy notice: jyjadmin publishes 隐私政策 v2, the login link shows it, a sign-up accepts it, the audit pack counts', async ({
  newPage,
  baseUrl,
}) => {
  const title = `示范区智慧教育平台隐私政策（${Date.now() % 100000}修订）`
  // ---- 1. jyjadmin publishes a new version of 隐私政策 (an edit of v1 is a draft; publishing makes it v2).
  const desk = await newPage()
  const deskErrors = watchPageErrors(desk)
  await signIn(desk, baseUrl, 'jyjadmin')
  await desk.goto(`${baseUrl}/#/base-privacyLog/notice`)
  const screen = desk.locator('[data-page="/base-privacyLog/notice"]')
  await screen.getByRole('heading', { name: '隐私政策与服务条款' }).waitFor()
  await screen.getByRole('tab', { name: '隐私政策' }).click()
  // The active tab's panel (antd keeps the others out of the accessibility tree).
  const panel = screen.getByRole('tabpanel')
  const titleInput = panel.getByRole('textbox', { name: '标题' })
  // The form starts from the current version v1.
  await panel.getByText('当前生效').waitFor()
  for (let i = 0; !(await titleInput.inputValue()).includes('隐私政策'); i++) {
    assert(i < 50, 'the form is filled from v1')
    await desk.waitForTimeout(200)
  }
  await titleInput.fill(title)
  await panel.getByRole('button', { name: '保存草稿' }).click()
  await desk.getByText('草稿已保存').waitFor()
  await panel
    .getByRole('button', { name: '发 布' })
    .or(panel.getByRole('button', { name: '发布' }))
    .click()
  const confirm = desk.getByRole('dialog').filter({ hasText: '发布为隐私政策 v2？' })
  await confirm
    .getByRole('button', { name: '发 布' })
    .or(confirm.getByRole('button', { name: '发布' }))
    .click()
  await desk.getByText('已发布新版本').waitFor()
  await panel.getByText(title).first().waitFor()
  deskErrors()

  // ---- 2. On a phone, the login page's 《隐私政策》 link opens v2 in a new tab.
  const schoolAdmin = await tokenOf(baseUrl, 'xxadmin')
  const schoolId = (await api(baseUrl, '/base/api/account/user/current/detail', { token: schoolAdmin })).data
    .orgId as number
  const phone = await newPage(PHONE)
  const phoneErrors = watchPageErrors(phone)
  await phone.goto(`${baseUrl}/#/redirect/login?orgId=${schoolId}`)
  const link = phone.getByRole('link', { name: '隐私政策', exact: true })
  await link.waitFor()
  const [notice] = await Promise.all([phone.context().waitForEvent('page', { timeout: 15_000 }), link.click()])
  // The new tab opens at the context's own size (newPage sized only the first tab): set it to the phone's.
  await notice.setViewportSize(PHONE)
  const doc = notice.locator('[data-page="/privacy"]')
  await doc.getByRole('heading', { name: title }).waitFor({ timeout: 15_000 })
  const version = await doc.getByTestId('notice-version').innerText()
  assert(/版本 v2 · 发布于 \d{4}-\d{2}-\d{2}/.test(version), `the page names v2: ${version}`)
  await doc.getByText('您的权利').waitFor()
  await noWiderThanPhone(notice, 'the notice page')
  // The other two notices are one tab away, by keyboard too.
  await doc.getByRole('link', { name: '儿童个人信息保护规则' }).focus()
  await notice.keyboard.press('Enter')
  await doc.getByRole('heading', { name: '示范区智慧教育平台儿童个人信息保护规则' }).waitFor({ timeout: 15_000 })
  await notice.close()

  // ---- 3. A parent signs up on the phone; the agreement names the versions, v2 of 隐私政策 among them.
  const parentPhone = `137${String(Date.now()).slice(-8)}`
  await phone.getByTestId('signup-link').click()
  const signup = phone.locator('[data-page="/redirect/signup"]')
  await signup.waitFor()
  await signup.getByPlaceholder('请输入手机号').fill(parentPhone)
  await signup.getByRole('button', { name: '获取验证码' }).click()
  await signup.getByText('验证码已发送').waitFor()
  await signup.getByPlaceholder('请输入短信验证码').fill(await outboxCode(baseUrl, parentPhone))
  await signup.getByRole('button', { name: '下一步' }).click()
  await signup.getByPlaceholder('请输入真实姓名').fill('吴家长')
  await signup.getByPlaceholder('请设置密码').fill(PASSWORD)
  await signup.getByPlaceholder('请再次输入密码').fill(PASSWORD)
  // Without the agreement ticked, nothing is sent.
  await signup.getByRole('button', { name: '注册' }).click()
  await signup.getByText('请阅读并同意平台文档').waitFor()
  const versions = await signup.getByTestId('signup-notice-versions').innerText()
  assert(versions.includes('隐私政策 v2'), `the agreement names 隐私政策 v2: ${versions}`)
  await signup.getByTestId('signup-agree').check()
  await signup.getByRole('button', { name: '注册' }).click()
  // Step 3 (the request to join) shows: the account exists.
  await signup.getByRole('button', { name: '提交申请' }).waitFor()
  await noWiderThanPhone(phone, 'the sign-up page')
  phoneErrors()

  // ---- 4. jyjadmin downloads the year's audit pack: 概览 has the counts, 生效的隐私政策 shows v2 accepted once.
  await desk.goto(`${baseUrl}/#/base-privacyLog/audit`)
  const audit = desk.locator('[data-page="/base-privacyLog/audit"]')
  await audit.getByRole('heading', { name: '年度合规审计' }).waitFor()
  const year = new Date().getMonth() === 0 ? new Date().getFullYear() - 1 : new Date().getFullYear()
  const [download] = await Promise.all([
    desk.waitForEvent('download', { timeout: 30_000 }),
    audit.getByRole('button', { name: '下载审计包' }).click(),
  ])
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-audit-'))
  const saved = path.join(dir, 'audit.xlsx')
  await download.saveAs(saved)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(saved)
  const first = wb.worksheets[0]!
  assert(first.name === '概览', `the first sheet is 概览: ${first.name}`)
  const figures = new Map<string, string>()
  first.eachRow((r) => figures.set(String(r.getCell(1).value), String(r.getCell(2).value)))
  const people = Number(figures.get('处理个人信息的人数'))
  const minors = Number(figures.get('未成年人（当年曾未满18周岁）'))
  const under14 = Number(figures.get('不满14周岁的儿童（当年曾未满14周岁）'))
  assert(people > 0 && minors >= under14 && people >= minors, `the counts: ${JSON.stringify([...figures])}`)
  assert(Number(figures.get('查看详情（次）')) >= 0, `the access counts: ${JSON.stringify([...figures])}`)
  const noticesSheet = wb.getWorksheet('生效的隐私政策')
  assert(noticesSheet, `a sheet of the notices: ${wb.worksheets.map((w) => w.name).join(', ')}`)
  const v2: string[] = []
  noticesSheet.eachRow((r) => {
    if (r.getCell(1).value === '隐私政策' && r.getCell(2).value === 'v2')
      v2.push(String(r.getCell(3).value), String(r.getCell(7).value))
  })
  assert(v2[0] === title && v2[1] === '1', `隐私政策 v2 accepted once in ${year}: ${JSON.stringify(v2)}`)
  fs.rmSync(dir, { recursive: true, force: true })
})
