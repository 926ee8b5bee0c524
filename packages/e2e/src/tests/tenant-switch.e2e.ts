import { assert, openUserMenu, openUserMenuItem, test } from '../harness.js'

// The temporary tenant (docs/auth.md "Temporary tenant"): ?tn= and the login page's 切换租户 name the tenant the
// portal acts for; every call then carries it in the tenantId header, and ysNetType tells an intranet address (1).

test('tenant switch: ?tn= opens the district’s login page with 切换成功; 退出租户 and 切换租户 by name; an unknown name says 租户不存在; the user menu quits it', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const infoCall = page.waitForRequest((r) => r.url().includes('/base/api/tenant/getLoginInfo'))
  await page.goto(`${baseUrl}/?tn=demo-district#/redirect/login`)
  await page.getByTestId('startup-notice').filter({ hasText: '切换成功' }).waitFor()
  // The district's own page, asked for with its id and, the e2e server being on 127.0.0.1, the intranet net type.
  const headers = (await infoCall).headers()
  assert(headers.tenantid !== '0' && /^\d+$/.test(headers.tenantid ?? ''), `tenantId header ${headers.tenantid}`)
  assert(headers.ysnettype === '1', `ysNetType header ${headers.ysnettype}`)
  await page.getByText('示范区智慧教育平台').waitFor()
  await page.getByTestId('tenant-switch').getByText('示范区教育局').waitFor()
  assert(!page.url().includes('tn='), `the tn parameter stays in the address: ${page.url()}`)

  // Quit: the platform's own login page again.
  await page.getByRole('button', { name: '退出租户' }).click()
  await page.locator('.zx-alert-ok').filter({ hasText: '已退出租户' }).waitFor()
  await page.getByText('智慧平台', { exact: true }).waitFor()

  // Switch by name: an unknown one is refused in place; the right one switches.
  await page.getByRole('button', { name: '切换租户' }).click()
  await page.getByPlaceholder('请输入租户标识').fill('nobody-here')
  await page.getByRole('button', { name: '确定' }).click()
  await page.getByTestId('tenant-switch').getByRole('alert').filter({ hasText: '租户不存在' }).waitFor()
  await page.getByPlaceholder('请输入租户标识').fill('demo-district')
  await page.getByRole('button', { name: '确定' }).click()
  await page.locator('.zx-alert-ok').filter({ hasText: '切换成功' }).waitFor()
  await page.getByText('示范区智慧教育平台').waitFor()

  // Signed in, the user menu offers 退出租户; using it leaves the session and drops the item.
  await page.getByPlaceholder('请输入用户名').fill('zhanglaoshi')
  await page.getByPlaceholder('请输入密码').fill('Demo@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/#\/portal\//)
  await openUserMenuItem(page, '退出租户')
  await page.getByText('已退出租户').first().waitFor()
  // The menu closes on the click; opened again once it has gone, it is drawn from the quit state.
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'detached' })
  const menu = await openUserMenu(page)
  const items = await menu.getByRole('menuitem').allInnerTexts()
  assert(
    !items.includes('退出租户') && items.includes('退出'),
    `退出租户 is still offered after quitting: ${items.join(', ')}`,
  )
  await page.getByText('张老师').first().waitFor()
})

test('tenant switch: an unknown ?tn= goes to the login page with 租户不存在 and no temporary tenant', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await page.goto(`${baseUrl}/?tn=no-such-district#/portal/home`)
  await page.getByTestId('startup-notice').filter({ hasText: '租户不存在' }).waitFor()
  await page.waitForURL(/#\/redirect\/login/)
  await page.getByText('智慧平台', { exact: true }).waitFor()
  assert(
    (await page.getByRole('button', { name: '退出租户' }).count()) === 0,
    'a temporary tenant was kept after a failed lookup',
  )
})
