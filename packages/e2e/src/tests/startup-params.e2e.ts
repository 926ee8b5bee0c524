import { api, assert, openUserMenuItem, signInSuperAdmin, test, tokenOf, updateDemoTenant } from '../harness.js'

// Startup (000 §2.4, 001 §2.4; docs/config-center.md "Startup", docs/auth.md "Tenant by domain"): the config centre the
// super administrator maintains and the web reads at startup, microappurl with currentAppName, beFrom, the tenant
// of the host name, and a failing config centre. It changes the demo tenant (module type, domain) and the config
// centre, and puts them back at its end.

const CENTER = '/base/api/config/center'
const EMPTY_CENTER = { gateway: '', file: '', mqtt: '', ai: '', placeBookingUrl: '', schoolOrgId: null, version: '' }

test('startup: config centre school org and version, microappurl + currentAppName through login, beFrom hides the AI helper, tenant by domain, a phone on placemeet goes to the booking address, a failing config centre', async ({
  browser,
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const admin = await tokenOf(baseUrl, 'administrator', 'Admin@2026')
  const teacher = await tokenOf(baseUrl, 'zhanglaoshi')
  const schoolId = (await api<{ orgId: number }>(baseUrl, '/base/api/account/user/current/detail', { token: teacher }))
    .data.orgId
  const signInTeacher = async () => {
    await page.getByPlaceholder('请输入用户名').fill('zhanglaoshi')
    await page.getByPlaceholder('请输入密码').fill('Demo@2026')
    await page.getByRole('button', { name: '登录', exact: true }).click()
  }
  try {
    // A failing config centre shows its message and the page goes on (001 §8); with no answer at all, the network one.
    await page.route(`**${CENTER}`, (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, msg: '配置中心维护中', data: null }),
      }),
    )
    await page.goto(`${baseUrl}/#/redirect/login`)
    await page.getByTestId('startup-notice').filter({ hasText: '配置中心维护中' }).waitFor()
    await page.getByPlaceholder('请输入用户名').waitFor()
    await page.unroute(`**${CENTER}`)
    await page.route(`**${CENTER}`, (r) => r.abort())
    await page.reload()
    await page.getByTestId('startup-notice').filter({ hasText: '网络错误，请稍后再试！' }).waitFor()
    await page.unroute(`**${CENTER}`)

    // The super administrator sets the school portal's school and the app version on /base-set/system.
    await signInSuperAdmin(page, baseUrl)
    await page.goto(`${baseUrl}/#/base-set/system`)
    const card = page.getByTestId('config-center')
    await card.getByLabel('学校门户机构ID').fill(String(schoolId))
    await card.getByLabel('应用版本').fill('9.8.7')
    await card.getByLabel('文件服务地址').fill('ftp://files.example.cn')
    await page.getByTestId('config-center-save').click()
    await page.getByText('文件服务地址须以 http:// 或 https:// 开头').first().waitFor()
    await card.getByLabel('文件服务地址').fill('')
    await page.getByTestId('config-center-save').click()
    await page.getByText('保存成功').first().waitFor()
    const center = await api(baseUrl, CENTER)
    assert(
      center.data.schoolOrgId === schoolId && center.data.version === '9.8.7',
      `config centre answers ${JSON.stringify(center.data)}`,
    )

    // Signed out, microappurl becomes the login page's redirect; after signing in the sub-app page opens, titled with
    // currentAppName (an app the registry does not know: its refusal names it too).
    await updateDemoTenant(baseUrl, { tenantModuleType: 0 })
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await page.goto(
      `${baseUrl}/?microappurl=${encodeURIComponent('/media/list')}&currentAppName=${encodeURIComponent('媒体中心')}#/`,
    )
    await page.waitForURL(/#\/redirect\/login\?.*redirect=%2Fmedia%2Flist/)
    assert(
      !page.url().includes('microappurl') && !page.url().includes('currentAppName'),
      `the parameters stay in the address: ${page.url()}`,
    )
    await signInTeacher()
    await page.waitForURL(/#\/media\/list$/)
    await page.getByTestId('subapp-refused').filter({ hasText: '媒体中心' }).waitFor()
    assert((await page.title()) === '媒体中心', `document.title ${await page.title()}`)

    // The floating AI helper shows on the portal home; a school-type tenant's user with the configured school opens
    // the school portal.
    await page.goto(`${baseUrl}/#/portal/home`)
    await page.getByTestId('assistant-open').waitFor()
    await page.goto(`${baseUrl}/#/schoolPortal/home`)
    await page.waitForURL(/#\/schoolPortal\/home\/index$/)

    // Opened from another client (beFrom=app): kept in the session, off the address, and no floating AI helper.
    // 关于系统 shows the config centre's version as V9.8.7.
    await page.goto(`${baseUrl}/?beFrom=app#/portal/home`)
    await page.getByTestId('portal-header').waitFor()
    await openUserMenuItem(page, '关于系统')
    await page.getByTestId('app-version').filter({ hasText: 'V9.8.7' }).waitFor()
    await page.waitForLoadState('networkidle')
    assert((await page.getByTestId('assistant-open').count()) === 0, 'the AI helper is hidden when beFrom is set')
    assert(!page.url().includes('beFrom'), `beFrom stays in the address: ${page.url()}`)
    const stored = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('zx-login') ?? '{}') as { state?: { beFrom?: string } }).state?.beFrom,
    )
    assert(stored === 'app', `stored beFrom ${stored}`)

    // Tenant by domain: the demo district on localhost; its login page names it there, not on 127.0.0.1.
    await updateDemoTenant(baseUrl, { domain: 'localhost' })
    const local = await newPage()
    await local.goto(`${baseUrl.replace('127.0.0.1', 'localhost')}/#/redirect/login`)
    await local.getByTestId('login-org').filter({ hasText: '示范区教育局' }).waitFor()
    await page.context().clearCookies()
    await page.goto(`${baseUrl}/#/redirect/login`)
    await page.getByPlaceholder('请输入用户名').waitFor()
    await page.waitForLoadState('networkidle')
    const platform = await page.getByTestId('login-org').textContent()
    assert(!platform?.includes('示范区教育局'), `127.0.0.1 shows ${platform}`)

    // A phone on a place-reservation path goes to the config centre's booking address (000 §2.4); a desktop does not.
    const booking = `${baseUrl}/#/404/index?booking=phone`
    const saved = await api(baseUrl, `${CENTER}/save`, {
      token: admin,
      body: { ...EMPTY_CENTER, placeBookingUrl: booking },
    })
    assert(saved.code === 0, `booking address saved: ${saved.msg}`)
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      locale: 'zh-CN',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    })
    try {
      const p = await phone.newPage()
      await p.goto(`${baseUrl}/#/placemeet/index`)
      await p.waitForURL((u) => u.hash === '#/404/index?booking=phone')
    } finally {
      await phone.close()
    }
    const desk = await newPage()
    await desk.goto(`${baseUrl}/#/placemeet/index`)
    await desk.waitForURL(/#\/redirect\/login/)
    assert(!desk.url().includes('booking=phone'), `a desktop stays in the portal: ${desk.url()}`)
  } finally {
    await updateDemoTenant(baseUrl, { tenantModuleType: 1, domain: '' })
    const reset = await api(baseUrl, `${CENTER}/save`, { token: admin, body: EMPTY_CENTER })
    assert(reset.code === 0, `config centre reset: ${reset.msg}`)
  }
})
