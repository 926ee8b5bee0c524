import { ALUMNI_ACCOUNT_DAYS_DEFAULT, ALUMNI_HOME } from '@zhixiao/shared'
import { api, assert, signIn, test, tokenOf, watchPageErrors } from '../harness.js'

/**
 * Issue 27 point 3 (docs/school-year.md "Graduation and alumni"): jyjadmin sets 毕业后账号保留天数 on 个人信息保留期限
 * by keyboard on a 375 px phone and it stays after a reload; a school admin may not set it (403); a pupil made by the
 * API graduates by a 毕业 异动 and signs in on the phone: the alumni page (when, until when, 我的学籍), no menus;
 * xxadmin opens 人员管理 → 校友（毕业生）, read-only, with no edit buttons, and finds the graduate there. The period
 * goes back to the default afterwards.
 */
test('alumni: the top admin sets the alumni account period; the school admin’s alumni list is read-only', async ({
  browser,
  baseUrl,
}) => {
  const school = await tokenOf(baseUrl, 'xxadmin')
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  const refused = await api(baseUrl, '/base/api/alumni/policy/save', { token: school, body: { accountDays: 1 } })
  assert(refused.code !== 0, `a school admin may not set the period: ${refused.code} ${refused.msg}`)
  const graduate = await makeGraduate(baseUrl, school, bureau)

  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  })
  context.setDefaultTimeout(30_000)
  try {
    const phone = await context.newPage()
    const errors = watchPageErrors(phone)
    await signIn(phone, baseUrl, 'jyjadmin')
    await phone.goto(`${baseUrl}/#/base-privacyLog/retention`)
    const screen = phone.locator('[data-page="/base-privacyLog/retention"]')
    const days = screen.getByLabel('毕业后账号保留天数')
    await days.waitFor()
    await phone.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== '', await days.elementHandle(), {
      timeout: 30_000,
    })
    assert((await days.inputValue()) === String(ALUMNI_ACCOUNT_DAYS_DEFAULT), 'the default period is shown')
    await days.focus()
    await phone.keyboard.press('ControlOrMeta+A')
    await phone.keyboard.type('90')
    // Enter in the field submits the form: the setting is usable without a pointer.
    await phone.keyboard.press('Enter')
    await phone.getByText('保存成功').first().waitFor()
    await phone.reload()
    await days.waitFor()
    await phone.waitForFunction((el) => (el as HTMLInputElement | null)?.value === '90', await days.elementHandle(), {
      timeout: 30_000,
    })
    const box = await screen.getByTestId('alumni-policy-save').boundingBox()
    assert(box && box.x >= 0 && box.x + box.width <= 375, `the save button fits the phone: ${JSON.stringify(box)}`)
    errors()

    // The graduate signs in on the phone: the alumni page, read-only, with 我的学籍; no menus, no apps.
    const alumnus = await context.newPage()
    const alumnusErrors = watchPageErrors(alumnus)
    await alumnus.goto(`${baseUrl}/#/redirect/login`)
    await alumnus.getByPlaceholder('请输入用户名').fill(graduate.userName)
    await alumnus.getByPlaceholder('请输入密码').fill(graduate.password)
    await alumnus.getByRole('button', { name: '登录', exact: true }).click()
    await alumnus.waitForURL(/#\/redirect\/alumni/, { timeout: 30_000 })
    const home = alumnus.locator(`[data-page="${ALUMNI_HOME}"]`)
    const standing = home.getByTestId('alumni-standing')
    await standing.waitFor()
    const said = await standing.innerText()
    assert(
      /您已于 2026年 从 .+ 毕业，账号保留至 \d{4}-\d{2}-\d{2}/.test(said),
      `the alumni page says when and until when: ${said}`,
    )
    await home.getByRole('heading', { name: '我的学籍' }).waitFor()
    await home.getByRole('cell', { name: '毕业', exact: true }).waitFor()
    await home.getByRole('cell', { name: '2025-2026' }).waitFor()
    assert((await alumnus.getByTestId('user-menu').count()) === 0, 'no portal header or menus for an alumnus')
    const wide = await alumnus.evaluate(() => document.documentElement.scrollWidth)
    assert(wide <= 375, `the alumni page fits the phone: ${wide}`)
    // Any other page sends the alumnus back; the server refuses the admin API.
    await alumnus.goto(`${baseUrl}/#/base-userAccount/alumni`)
    await alumnus.waitForURL(/#\/redirect\/alumni/, { timeout: 30_000 })
    alumnusErrors()

    const desk = await context.newPage()
    const deskErrors = watchPageErrors(desk)
    await signIn(desk, baseUrl, 'xxadmin')
    await desk.goto(`${baseUrl}/#/base-userAccount/alumni`)
    const list = desk.locator('[data-page="/base-userAccount/alumni"]')
    await list.getByRole('heading', { name: '校友（毕业生）' }).waitFor()
    await list.getByLabel('姓名或学号').waitFor()
    // The graduate of the 毕业 异动 is on the list (so is any pupil an earlier journey graduated).
    await list.getByText(graduate.trueName).first().waitFor()
    assert((await list.getByRole('button', { name: /编辑|调班|删除/ }).count()) === 0, 'no edit buttons')
    deskErrors()
  } finally {
    await context.close()
  }
  const restored = await api(baseUrl, '/base/api/alumni/policy/save', {
    token: bureau,
    body: { accountDays: ALUMNI_ACCOUNT_DAYS_DEFAULT },
  })
  assert(restored.code === 0, `default restored: ${restored.msg}`)
})

/**
 * A pupil of xxadmin's school made for this journey, their initial password changed (as at a first login), then
 * graduated by a 毕业 异动 on 2026-07-01; answers the login and the name.
 */
async function makeGraduate(baseUrl: string, school: string, bureau: string) {
  const run = Date.now().toString(36)
  const pupils = await api<{ list: { classId: number | null }[] }>(baseUrl, '/base/api/userInfo/studentInfo/page', {
    token: school,
    body: { pageIndex: 1, pageSize: 20 },
  })
  const classId = pupils.data.list.find((p) => p.classId)?.classId
  assert(classId, `a class of the school: ${pupils.msg}`)
  const trueName = `校友${run.slice(-4)}`
  const userName = `xy${run}`
  const added = await api<number>(baseUrl, '/base/api/userInfo/studentInfo/add', {
    token: school,
    body: { trueName, jobNo: userName, classId },
  })
  assert(added.code === 0, `the pupil is added: ${added.msg}`)
  const password = 'Alumni@2026'
  const first = await api<{ mustRstPwdId?: string }>(baseUrl, '/base/api/auth/loginByUserPwd', {
    body: { userName, password: 'Zx123456', loginType: 1, version: 2 },
  })
  assert(first.data?.mustRstPwdId, `the initial password asks for a new one: ${first.msg}`)
  const reset = await api(baseUrl, '/base/api/account/must/change/default/password', {
    body: { mustRstPwdId: first.data.mustRstPwdId, newPassword: password },
  })
  assert(reset.code === 0, `the new password is set: ${reset.msg}`)
  const types = await api<{ list: { id: number; name: string }[] }>(baseUrl, '/base/api/dict/page', {
    token: bureau,
    body: { dictType: 'studentChangeType', pageIndex: 1, pageSize: 100 },
  })
  let typeId = types.data.list.find((d) => d.name === '毕业')?.id
  if (!typeId) {
    const made = await api<number>(baseUrl, '/base/api/dict/add', {
      token: bureau,
      body: { dictType: 'studentChangeType', name: '毕业', code: 'BY' },
    })
    assert(made.code === 0, `毕业 added: ${made.msg}`)
    typeId = made.data
  }
  const changed = await api(baseUrl, '/base/api/userInfo/change/add', {
    token: school,
    body: { userInfoId: added.data, changeTypeId: typeId, effect: 'leave', changedOn: '2026-07-01', remark: '毕业' },
  })
  assert(changed.code === 0, `the pupil graduates: ${changed.msg}`)
  return { userName, password, trueName }
}
