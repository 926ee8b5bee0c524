import { api, assert, latestSmsCode as latestCode, signIn, tableRow, test, tokenOf } from '../harness.js'

const SMS_PHONE = '13600001357'
const RESET_PHONE = '13600002468'
const NEW_PASSWORD = 'Sms2026reset'

/** The school adds a teacher with a phone; the account starts on the tenant's initial password (Zx123456 in the demo). */
async function addTeacher(
  base: string,
  admin: string,
  trueName: string,
  phone: string,
  userName: string,
): Promise<void> {
  const added = await api<number>(base, '/base/api/userInfo/teacherInfo/add', {
    token: admin,
    body: { trueName, phone, userName },
  })
  assert(added.code === 0, `teacher added: ${added.msg}`)
}

test('sms login: a teacher signs in by SMS on a 375 px phone; another resets a forgotten password by SMS (找回密码) and their old session is gone', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  const admin = await tokenOf(baseUrl, 'xxadmin', 'Demo@2026')
  await addTeacher(baseUrl, admin, '钱老师', SMS_PHONE, 'qianlaoshi')
  await addTeacher(baseUrl, admin, '孔老师', RESET_PHONE, 'konglaoshi')

  // 短信登录: phone, 获取验证码 (the countdown starts), a wrong code is refused, the right one signs in.
  const phone = await newPage({ width: 375, height: 740 })
  await phone.goto(`${baseUrl}/#/redirect/login`)
  await phone.getByRole('tab', { name: '短信登录' }).click()
  const form = phone.getByTestId('sms-login-form')
  await form.getByLabel('手机号').fill(SMS_PHONE)
  await form.getByRole('button', { name: '获取验证码' }).click()
  await form.getByRole('button', { name: /秒后重新获取/ }).waitFor()
  await form.getByText('验证码已发送').waitFor()
  const code = await latestCode(baseUrl)
  await form.getByLabel('短信验证码').fill(code === '000000' ? '000001' : '000000')
  await form.getByRole('button', { name: '登录', exact: true }).click()
  await phone.getByRole('alert').filter({ hasText: '验证码错误' }).waitFor()
  await form.getByLabel('短信验证码').fill(code)
  await form.getByRole('button', { name: '登录', exact: true }).click()
  await phone.waitForURL((u) => !u.hash.startsWith('#/redirect/login'))
  const width = await phone.evaluate(() => document.documentElement.scrollWidth)
  assert(width <= 375, `the page fits the phone (${width} px)`)

  // 孔老师 has set a password (the forced change of the initial one) and is signed in at the office.
  const first = await api<{ mustRstPwdId?: string }>(baseUrl, '/base/api/auth/loginByUserPwd', {
    body: { userName: 'konglaoshi', password: 'Zx123456', loginType: 1, version: 2, needRandomOrg: false },
  })
  assert(first.data.mustRstPwdId, `the initial password asks for a change: ${first.msg}`)
  const changed = await api<null>(baseUrl, '/base/api/account/must/change/default/password', {
    body: { mustRstPwdId: first.data.mustRstPwdId, newPassword: 'Before2026pw' },
  })
  assert(changed.code === 0, changed.msg)
  // Its own browser context: its own cookie, so the session kept there is the old one.
  const officeContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  const office = await officeContext.newPage()
  await office.goto(`${baseUrl}/#/redirect/login`)
  await office.getByPlaceholder('请输入用户名').fill('konglaoshi')
  await office.getByPlaceholder('请输入密码').fill('Before2026pw')
  await office.getByRole('button', { name: '登录', exact: true }).click()
  await office.waitForURL((u) => !u.hash.startsWith('#/redirect/login'))

  // At home the password is forgotten: 找回密码 on the login page.
  const home = await newPage()
  await home.goto(`${baseUrl}/#/redirect/login`)
  await home.getByRole('button', { name: '找回密码' }).click()
  const panel = home.getByTestId('forgot-password')
  await panel.getByLabel('手机号').fill(RESET_PHONE)
  await panel.getByRole('button', { name: '获取验证码' }).click()
  await panel.getByText('验证码已发送').waitFor()
  await panel.getByLabel('短信验证码').fill(await latestCode(baseUrl))
  await panel.getByRole('button', { name: '下一步' }).click()
  // The tenant's password rule speaks first.
  await panel.getByLabel('新密码', { exact: true }).fill('short1')
  await panel.getByLabel('确认新密码').fill('short1')
  await panel.getByRole('button', { name: '重置密码' }).click()
  await panel.getByRole('alert').filter({ hasText: '密码长度为8-20位' }).waitFor()
  await panel.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD)
  await panel.getByLabel('确认新密码').fill(NEW_PASSWORD)
  await panel.getByRole('button', { name: '重置密码' }).click()
  await home.getByRole('alert').filter({ hasText: '密码已重置' }).waitFor()
  await home.getByPlaceholder('请输入用户名').fill('konglaoshi')
  await home.getByPlaceholder('请输入密码').fill(NEW_PASSWORD)
  await home.getByRole('button', { name: '登录', exact: true }).click()
  await home.waitForURL((u) => !u.hash.startsWith('#/redirect/login'))

  // The reset ended every session of the account: the office session is gone.
  try {
    await office.reload()
    await office.waitForURL(/#\/redirect\/login/)
  } finally {
    await officeContext.close()
  }

  // The tenant's 短信配置 (outbox by default) and 短信日志, kept by the bureau (the top org): phones and codes masked.
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const page = await adminContext.newPage()
    await signIn(page, baseUrl, 'jyjadmin')
    await page.goto(`${baseUrl}/#/menhu-Duanxin/index`)
    await page.getByTestId('sms-type').getByText('站内发件箱（不实际发送）').waitFor()
    await page.getByRole('button', { name: '短信日志' }).click()
    const log = page.locator('[data-page="/menhu-Duanxin/log"]')
    const row = tableRow(log, '136****2468').filter({ hasText: '找回密码' })
    await row.first().waitFor()
    assert(!(await log.textContent())?.includes(RESET_PHONE), 'the log shows no full phone number')
    assert((await row.first().textContent())?.includes('******'), 'the code is masked')
  } finally {
    await adminContext.close()
  }
})
