import {
  api,
  assert,
  atRest,
  pick,
  signIn,
  signInSuperAdmin,
  tableRow as row,
  test,
  tokenOf,
  typeDate,
} from '../harness.js'

test('the super administrator creates a tenant on the tenant screen; its admin must change the initial password at first login', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signInSuperAdmin(page, baseUrl)
  await page.goto(`${baseUrl}/#/base-set/tenant-manage`)
  const screen = page.locator('[data-page="/base-set/tenant-manage"]')
  await screen.getByRole('button', { name: '新增租户' }).click()
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增租户' })
  await dialog.getByPlaceholder('请输入租户名称').fill('新城区教育集团')
  await dialog.getByPlaceholder('如 demo-school').fill('e2e-xincheng')
  await dialog.getByPlaceholder('请输入顶级机构名称').fill('新城区实验学校')
  await dialog.getByPlaceholder('请输入管理员账号').fill('xcadmin')
  await dialog.getByPlaceholder('请输入初始密码').fill('Init2026a')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('新增成功').first().waitFor()
  const created = page.locator('.ant-modal').filter({ hasText: '租户已创建' })
  await created.getByText('xcadmin').waitFor()
  await created.getByText('管理员首次登录时须修改初始密码').waitFor()
  await created.getByRole('button', { name: '知道了' }).click()
  await row(screen, 'e2e-xincheng').getByText('新城区教育集团').waitFor()

  const admin = await newPage()
  await admin.goto(`${baseUrl}/#/redirect/login`)
  await admin.getByPlaceholder('请输入用户名').fill('xcadmin')
  await admin.getByPlaceholder('请输入密码').fill('Init2026a')
  await admin.getByRole('button', { name: '登录', exact: true }).click()
  const reset = admin.locator('.ant-modal')
  await reset.waitFor()
  const inputs = reset.locator('input[type="password"]')
  await inputs.nth(0).fill('Fresh2026x')
  await inputs.nth(1).fill('Fresh2026x')
  await reset.getByRole('button', { name: /确\s*定/ }).click()
  await admin.getByText('修改成功').first().waitFor()
  await admin.waitForURL((u) => !u.hash.startsWith('#/redirect/'))
  await admin.getByText('新城区实验学校').first().waitFor()

  // The tenant's login background (getLoginInfo backgroundUrl, 001 §9): set on this screen, painted on its login page.
  // The pages share one browser context, so the new admin's sign-in replaced the session cookie: sign in again.
  await signInSuperAdmin(page, baseUrl)
  await page.goto(`${baseUrl}/#/base-set/tenant-manage`)
  await row(screen, 'e2e-xincheng').getByRole('button', { name: '编辑' }).click()
  const edit = page.locator('.ant-modal').filter({ hasText: '编辑租户' })
  const bg = edit.getByLabel('登录背景图片')
  await bg.fill('javascript:alert(1)')
  await edit.getByRole('button', { name: '确定' }).click()
  await edit.getByText('登录背景图片须以 http:// 、https:// 或 / 开头').waitFor()
  await bg.fill('/subapps/demo/login-bg.jpg')
  await edit.getByRole('button', { name: '确定' }).click()
  await edit.waitFor({ state: 'hidden' })
  const me = await api<{ orgId: number }>(baseUrl, '/base/api/account/user/current/detail', {
    token: await tokenOf(baseUrl, 'xcadmin', 'Fresh2026x'),
  })
  const visitor = await newPage()
  await visitor.goto(`${baseUrl}/#/redirect/login?orgId=${me.data.orgId}`)
  await visitor.getByTestId('login-org').getByText('新城区实验学校').waitFor()
  const painted = await visitor.locator('.zx-login-bg').evaluate((el) => getComputedStyle(el).backgroundImage)
  assert(painted.includes('/subapps/demo/login-bg.jpg'), `the login page's background is ${painted}`)
})

test('a school admin sets a term, a grade and two classes through the UI; archiving the grade archives its classes', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')

  // The demo school already has the terms of the current school year (and study-month's test uses 2040-2041): a
  // school year of their own keeps this term clear of them.
  await page.goto(`${baseUrl}/#/base-school/calendarSet`)
  const terms = page.locator('[data-page="/base-school/calendarSet"]')
  await terms.getByRole('button', { name: '新增学期' }).click()
  const termDialog = page.locator('.ant-modal').filter({ hasText: '新增学期' })
  await termDialog.getByPlaceholder('如 2026-2027').fill('2038-2039')
  await typeDate(termDialog, 'startDate', '2038-09-01')
  await typeDate(termDialog, 'endDate', '2039-01-31')
  await termDialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('新增成功').first().waitFor()
  await row(terms, '2038-2039学年第一学期').getByText('2039-01-31').waitFor()

  await page.goto(`${baseUrl}/#/base-school/gradeManage`)
  const grades = page.locator('[data-page="/base-school/gradeManage"]')
  await grades.getByRole('button', { name: '新增', exact: true }).click()
  const gradeDialog = page.locator('.ant-modal').filter({ hasText: '新增年级' })
  await gradeDialog.getByPlaceholder('如 2026级').fill('2026级')
  await gradeDialog.getByPlaceholder('请输入入学年份').fill('2026')
  await gradeDialog.getByRole('button', { name: '确定' }).click()
  await row(grades, '2026级').waitFor()

  // Saving a class returns to the list of its grade, so the list holds this grade's classes only.
  await page.goto(`${baseUrl}/#/base-school/classManage`)
  const classes = page.locator('[data-page="/base-school/classManage"]')
  for (const name of ['1班', '2班']) {
    await classes.getByRole('button', { name: '新增', exact: true }).click()
    const form = page.locator('[data-page="/base-school/addClass"]')
    await pick(page, form.locator('#gradeId'), '2026级')
    await form.getByPlaceholder('如 1班').fill(name)
    await form.getByRole('button', { name: '保存' }).click()
    await row(classes, name).getByText('2026级').waitFor()
  }
  assert((await classes.locator('.ant-table-row').count()) === 2, 'the class list should hold 1班 and 2班')

  await page.goto(`${baseUrl}/#/base-school/gradeManage`)
  await row(grades, '2026级').getByRole('button', { name: '归档' }).click()
  const confirm = page.locator('.ant-modal').filter({ hasText: '归档后该年级下的班级将一并归档' })
  // Once its opening zoom is over (harness atRest): a click during it was seen in CI to press and release at two
  // places of the growing dialog, so 归档 was never clicked.
  await atRest(confirm)
  await confirm.getByRole('button', { name: '归档' }).click()
  await page.getByText('归档成功').first().waitFor()
  await row(grades, '2026级').waitFor({ state: 'detached' })

  await page.goto(`${baseUrl}/#/base-school/classGuidang`)
  const archive = page.locator('[data-page="/base-school/classGuidang"]')
  await row(archive, '1班').waitFor()
  await row(archive, '2班').waitFor()
  // The live list still holds the demo school's classes ((1)班 …), but no 1班 or 2班 any more.
  await page.goto(`${baseUrl}/#/base-school/classManage`)
  await row(classes, '(1)班').first().waitFor()
  for (const name of ['1班', '2班']) {
    await classes.getByPlaceholder('班级名称').fill(name)
    await classes.getByPlaceholder('班级名称').press('Enter')
    await classes.locator('.ant-empty').waitFor()
    assert((await classes.locator('.ant-table-row').count()) === 0, `archived ${name} is still in the live list`)
  }
})

test('a holiday ending before it starts shows 节假日结束日期不能早于开始日期 and nothing is added', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-school/holidaySet`)
  const list = page.locator('[data-page="/base-school/holidaySet"]')
  await list.getByRole('button', { name: '新增节假日' }).click()
  const form = page.locator('[data-page="/base-school/addHoliday"]')
  await form.getByPlaceholder('请输入节假日名称').fill('校庆日')
  await typeDate(form, 'startDate', '2026-10-17')
  await typeDate(form, 'endDate', '2026-10-11')
  await form.getByRole('button', { name: '保存' }).click()
  await form.getByText('节假日结束日期不能早于开始日期').waitFor()
  await form.getByRole('button', { name: '返回' }).click()
  // The demo school's own holidays (国庆节 …) are listed; the refused one is not.
  await row(list, '国庆节').waitFor()
  await list.locator('.ant-spin-spinning').waitFor({ state: 'detached' })
  assert((await list.getByText('校庆日').count()) === 0, 'the invalid holiday was added')
})

test('the bureau admin adds a global political status; a school admin sees it in the school dictionary list', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  await page.goto(`${baseUrl}/#/base-userAccount/dictionary`)
  const screen = page.locator('[data-page="/base-userAccount/dictionary"]')
  await screen.getByRole('tab', { name: '政治面貌' }).waitFor()
  await screen.getByRole('button', { name: '新增', exact: true }).click()
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增政治面貌' })
  await dialog.getByPlaceholder('请输入名称').fill('民主人士（示范）')
  await dialog.getByPlaceholder('请输入编码').fill('MZ01')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('新增成功').first().waitFor()
  await row(screen, '民主人士（示范）').waitFor()

  const school = await newPage()
  await signIn(school, baseUrl, 'xxadmin')
  await school.goto(`${baseUrl}/#/base-userAccount/dictionary`)
  const theirs = school.locator('[data-page="/base-userAccount/dictionary"]')
  await row(theirs, '民主人士（示范）').getByText('MZ01').waitFor()
  // Below the top organisation the global list is read-only; 本机构 is the school's own.
  assert(
    (await theirs.getByRole('button', { name: '新增', exact: true }).count()) === 0,
    'a school admin may add global entries',
  )
  await theirs.getByText('本机构', { exact: true }).click()
  await theirs.getByRole('button', { name: '新增', exact: true }).waitFor()
  await theirs.locator('.ant-empty').waitFor()
})

test('基础数据 of a medical tenant opens its own set-up /baseYiliao/set, of a universal one /baseTY/set (000 §4, 001 §2.1)', async ({
  newPage,
  baseUrl,
}) => {
  const superAdmin = await api<{ userToken: string }>(baseUrl, '/base/api/auth/loginByUserPwd', {
    body: { userName: 'administrator', password: 'Admin@2026', loginType: 0, version: 2, needRandomOrg: false },
  })
  const cases = [
    { trade: 2, unique: 'e2e-yiliao', admin: 'ylzadmin', to: '/baseYiliao/set' },
    { trade: 3, unique: 'e2e-tongyong', admin: 'tyzadmin', to: '/baseTY/set' },
  ]
  for (const c of cases) {
    const created = await api(baseUrl, '/base/api/tenant/add', {
      token: superAdmin.data.userToken,
      body: {
        name: `${c.unique}租户`,
        uniqueName: c.unique,
        trade: c.trade,
        tenantModuleType: 1,
        topOrgName: `${c.unique}机构`,
        topOrgUnitAttr: 4,
        adminUserName: c.admin,
        defaultPassword: 'Init2026a',
      },
    })
    assert(created.code === 0, `tenant/add: ${created.msg}`)
    // The first login asks for a new password; change it through the same calls the dialog makes.
    const first = await api<{ mustRstPwdId?: string }>(baseUrl, '/base/api/auth/loginByUserPwd', {
      body: { userName: c.admin, password: 'Init2026a', loginType: 1, version: 2, needRandomOrg: false },
    })
    assert(first.data?.mustRstPwdId, `the first login asks for a new password: ${first.msg}`)
    const reset = await api(baseUrl, '/base/api/account/must/change/default/password', {
      body: { mustRstPwdId: first.data.mustRstPwdId, newPassword: 'Fresh2026x' },
    })
    assert(reset.code === 0, `password reset: ${reset.msg}`)
    const page = await newPage()
    await page.goto(`${baseUrl}/#/redirect/login`)
    await page.getByPlaceholder('请输入用户名').fill(c.admin)
    await page.getByPlaceholder('请输入密码').fill('Fresh2026x')
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await page.waitForURL((u) => !u.hash.startsWith('#/redirect/'))
    await page.goto(`${baseUrl}/#/base-set`)
    await page.waitForURL((u) => u.hash.startsWith(`#${c.to}`))
  }
})
