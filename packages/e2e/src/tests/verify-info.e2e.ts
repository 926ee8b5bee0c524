import { assert, pick, test } from '../harness.js'

/** The super administrator's API, for setting up a tenant whose login asks for personal information. */
async function createTenant(base: string, over: Record<string, unknown>): Promise<void> {
  const login = await fetch(`${base}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName: 'administrator',
      password: 'Admin@2026',
      loginType: 1,
      version: 2,
      needRandomOrg: false,
    }),
  }).then((r) => r.json() as Promise<{ data: { userToken: string } }>)
  const r = await fetch(`${base}/base/api/tenant/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.userToken}` },
    body: JSON.stringify({
      name: '核验区教育局',
      trade: 1,
      tenantModuleType: 1,
      appType: 1,
      topOrgName: '核验区教育局',
      topOrgUnitAttr: 4,
      adminTrueName: '核验管理员',
      defaultPassword: 'Init2026a',
      ...over,
    }),
  }).then((x) => x.json() as Promise<{ code: number; msg: string }>)
  assert(r.code === 0, `tenant/add: ${r.msg}`)
}

test('a tenant that requires personal information shows the verify form after login; the ID card fills in the sex', async ({
  newPage,
  baseUrl,
}) => {
  const run = Date.now().toString(36)
  await createTenant(baseUrl, {
    uniqueName: `verify-${run}`,
    adminUserName: `vf${run}`,
    requiredInfoAfterLogin: true,
    requiredInfoFields: ['idCard', 'sex', 'nationality'],
  })

  const page = await newPage()
  await page.goto(`${baseUrl}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill(`vf${run}`)
  await page.getByPlaceholder('请输入密码').fill('Init2026a')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  const reset = page.locator('.ant-modal')
  await reset.waitFor()
  const inputs = reset.locator('input[type="password"]')
  await inputs.nth(0).fill('Fresh2026x')
  await inputs.nth(1).fill('Fresh2026x')
  await reset.getByRole('button', { name: /确\s*定/ }).click()

  const form = page.getByTestId('verify-info-form')
  await form.waitFor()
  await page.getByText('您好，核验管理员，请完善个人信息').waitFor()
  await form.getByRole('button', { name: '保存并进入' }).click()
  const error = (text: string) => form.locator('.ant-form-item-explain-error').filter({ hasText: text }).waitFor()
  await error('请填写身份证号')
  await error('请选择性别')
  await error('请选择民族')

  await form.getByPlaceholder('请输入身份证号').fill('11010519491231002X')
  const sex = form.locator('.ant-select').filter({ hasText: '女' })
  await sex.waitFor()
  assert(
    await sex.evaluate((el) => el.classList.contains('ant-select-disabled')),
    'sex is locked once derived from the ID card',
  )
  await pick(page, form.locator('#nationality'), '汉族')
  await form.getByRole('button', { name: '保存并进入' }).click()
  await page.getByText('保存成功').first().waitFor()
  await page.waitForURL(/#\/portal\//)
})
