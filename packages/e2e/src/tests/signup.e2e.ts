import type { Page } from 'playwright-core'
import { api, assert, pick, signIn, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

// Sign-up (docs/auth.md "Sign-up"): on a phone, a parent signs up by SMS from the login page and asks to join the demo
// primary school by naming a child; before the school decides, signing in shows the request's status; the school
// admin approves in the join audit; the parent then signs in by SMS code and lands on the parent portal.
const PHONE = { width: 375, height: 812 }
const PASSWORD = 'Parent2026a'

/** The code of the phone's latest outbox SMS, read the way a fresh install reads it: the super administrator's SMS log. */
async function outboxCode(base: string, phone: string, event = 'signup'): Promise<string> {
  const admin = await tokenOf(base, 'administrator', 'Admin@2026')
  const tenants = await api(base, '/base/api/tenant/query?keyword=demo-district', { token: admin })
  const tenantId = tenants.data.list.find((t: { uniqueName: string }) => t.uniqueName === 'demo-district').id as number
  const log = await api(base, `/base/api/sms/log/page?tenantId=${tenantId}&pageSize=5`, { token: admin })
  const row = (log.data?.list ?? []).find((r: { event: string }) => r.event === event)
  assert(row, `a ${event} SMS in the log: ${JSON.stringify(log)}`)
  const full = await api(base, `/base/api/sms/log/full?tenantId=${tenantId}&id=${row.id}`, { token: admin })
  assert(full.data?.phone === phone, `the latest sign-up SMS went to ${phone}: ${JSON.stringify(full.data)}`)
  const code = /\d{6}/.exec(full.data.content)?.[0]
  assert(code, `a code in ${full.data.content}`)
  return code
}

async function passwordSignIn(page: Page, base: string, userName: string): Promise<void> {
  await page.goto(`${base}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill(PASSWORD)
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

test("signup: a parent signs up by SMS, asks to join with the child's number, the school approves, the parent signs in by SMS", async ({
  newPage,
  baseUrl,
}) => {
  // A child of the demo primary school, as its admin sees it.
  const schoolAdmin = await tokenOf(baseUrl, 'xxadmin', 'Demo@2026')
  const students = await api(baseUrl, '/base/api/userInfo/studentInfo/page', {
    token: schoolAdmin,
    body: { pageIndex: 1, pageSize: 1 },
  })
  const child = students.data.list[0] as { trueName: string; jobNo: string }
  assert(child?.jobNo, 'the demo school has a student with a number')
  const phone = `138${String(Date.now()).slice(-8)}`

  const page = await newPage(PHONE)
  const noErrors = watchPageErrors(page)
  // The school's own login address (?orgId=) names the tenant; the platform's bare login page would ask which one
  // once it serves several, as it does after the tests that add tenants.
  const schoolId = (await api(baseUrl, '/base/api/account/user/current/detail', { token: schoolAdmin })).data
    .orgId as number
  await page.goto(`${baseUrl}/#/redirect/login?orgId=${schoolId}`)
  await page.getByTestId('signup-link').click()
  const signup = page.locator('[data-page="/redirect/signup"]')
  await signup.waitFor()
  // Step 1: phone and SMS code (the demo's one district is chosen already).
  await signup.getByPlaceholder('请输入手机号').fill(phone)
  await signup.getByRole('button', { name: '获取验证码' }).click()
  await signup.getByText('验证码已发送').waitFor()
  const codeSentAt = Date.now()
  await signup.getByText(/\d+秒后重发/).waitFor()
  await signup.getByPlaceholder('请输入短信验证码').fill(await outboxCode(baseUrl, phone))
  await signup.getByRole('button', { name: '下一步' }).click()
  // Step 2: name and password under the tenant's rule.
  await signup.getByPlaceholder('请输入真实姓名').fill('周家长')
  await signup.getByPlaceholder('请设置密码').fill('short')
  await signup.getByPlaceholder('请再次输入密码').fill('short')
  await signup.getByRole('button', { name: '注册' }).click()
  await signup.getByText('密码长度为8-20位，须同时包含字母和数字').first().waitFor()
  await signup.getByPlaceholder('请设置密码').fill(PASSWORD)
  await signup.getByPlaceholder('请再次输入密码').fill(PASSWORD)
  // The agreement to the platform's documents (docs/privacy.md "Privacy notice and annual audit") is required.
  await signup.getByTestId('signup-agree').check()
  await signup.getByRole('button', { name: '注册' }).click()
  // Step 3: the school and the child; a wrong name is refused.
  await pick(page, signup.getByLabel('学校'), '第一实验小学')
  await signup.getByPlaceholder('请输入孩子的学号').fill(child.jobNo)
  await signup.getByPlaceholder('请输入孩子的姓名').fill(`${child.trueName}甲`)
  await signup.getByRole('button', { name: '提交申请' }).click()
  await signup.getByText('学号与学生姓名不匹配，请核对后重新填写').waitFor()
  await signup.getByPlaceholder('请输入孩子的姓名').fill(child.trueName)
  await signup.getByRole('button', { name: '提交申请' }).click()
  // Step 4: the request waits.
  const request = signup.getByTestId('signup-request').filter({ hasText: '第一实验小学' })
  await request.getByText('待审核').waitFor()
  await request.getByText(child.trueName).waitFor()
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)
  assert(width <= PHONE.width, `the sign-up page is ${width} px wide on a ${PHONE.width} px screen`)

  // Signing in before the school decides shows where the request stands.
  await passwordSignIn(page, baseUrl, phone)
  await signup.getByText('您的加入申请正在审核中').waitFor()
  await signup.getByTestId('signup-request').filter({ hasText: '第一实验小学' }).getByText('待审核').waitFor()

  // The school admin approves in the join audit.
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')
  await admin.goto(`${baseUrl}/#/base-userAccount/joinAudit`)
  const audit = admin.locator('[data-page="/base-userAccount/joinAudit"]')
  const row = tableRow(audit, '周家长')
  await row.getByText(`${child.trueName}（${child.jobNo}）`).waitFor()
  await row.getByText('家长', { exact: true }).waitFor()
  await row.getByRole('button', { name: '通过' }).click()
  await admin.getByRole('button', { name: '同意' }).click()
  await row.waitFor({ state: 'detached' })

  // Now a parent of the school: 短信登录 with a new code lands on the portal. A phone gets one code a minute (the
  // product's own limit, docs/auth.md), so the second code waits for the minute since the sign-up code to pass.
  await page.goto(`${baseUrl}/#/redirect/login`)
  await page.getByRole('tab', { name: '短信登录' }).click()
  const smsForm = page.getByTestId('sms-login-form')
  await smsForm.getByLabel('手机号').fill(phone)
  await page.waitForTimeout(Math.max(0, codeSentAt + 61_000 - Date.now()))
  await smsForm.getByRole('button', { name: '获取验证码' }).click()
  await smsForm.getByText('验证码已发送').waitFor()
  await smsForm.getByLabel('短信验证码').fill(await outboxCode(baseUrl, phone, 'login'))
  await smsForm.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/#\/portal\//)
  assert(!page.url().includes('/404'), `the parent landed on ${page.url()}`)
  const me = await api(baseUrl, '/base/api/account/user/current/detail', {
    token: await tokenOf(baseUrl, phone, PASSWORD),
  })
  assert(
    me.data.userType === 1004 && me.data.trueName === '周家长',
    `a parent: ${JSON.stringify({ userType: me.data.userType, trueName: me.data.trueName })}`,
  )
  noErrors()
})
