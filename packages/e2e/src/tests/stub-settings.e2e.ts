import type { Page } from 'playwright-core'
import { assert, signIn, test } from '../harness.js'

// The spec's small settings that used to do nothing (docs/auth.md "smartChinaLogin and jumpAfterLogin",
// docs/portal-config.md "Default titles and icon logos", "Teacher and parent terminals"): what each changes on the screen.
// The server's side (saved, served, refused) is proven in tenant-admin.test.ts and default-titles.test.ts; here
// the answers are rewritten in the browser, so the shared demo tenant is never changed under the other lanes.

/** Rewrites the data of one API answer for this page. */
async function rewrite(
  page: Page,
  path: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  await page.route(`**${path}*`, async (route) => {
    const res = await route.fetch()
    const body = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> }
    await route.fulfill({ response: res, json: { ...body, data: change(body.data) } })
  })
}

test('stub settings: jumpAfterLogin lands a sign-in, smartChinaLogin leads with 智慧教育平台登录, default title by trade, icon- logo, portal-admin header, terminal notes', async ({
  newPage,
  baseUrl,
}) => {
  // jumpAfterLogin: the tenant's landing address replaces the landing by user type.
  const page = await newPage()
  await rewrite(page, '/base/api/tenant/getLoginInfo', (d) => ({
    ...d,
    jumpAfterLogin: '/portal/personal',
    smartChinaLogin: true,
  }))
  await page.route('**/base/api/auth/third/list*', (route) =>
    route.fulfill({
      json: {
        code: 0,
        msg: '',
        data: [
          { thirdType: 'smartEdu', name: '省智慧教育平台' },
          { thirdType: 'oidc', name: '区统一身份认证' },
        ],
      },
    }),
  )
  await page.goto(`${baseUrl}/#/redirect/login`)
  // smartChinaLogin: the smartEdu sign-in leads, above the form; the other buttons stay below.
  const lead = page.getByTestId('smart-china-login')
  await lead.waitFor()
  assert(
    (await lead.getAttribute('href'))?.includes('thirdType=smartEdu'),
    'the lead button starts the smartEdu sign-in',
  )
  const leadBox = await lead.boundingBox()
  const formBox = await page.getByPlaceholder('请输入用户名').boundingBox()
  assert(leadBox && formBox && leadBox.y < formBox.y, 'the smartEdu button stands above the password form')
  await page.locator('.zx-third-btn', { hasText: '区统一身份认证' }).waitFor()
  assert(
    (await page.locator('.zx-third-btn', { hasText: '省智慧教育平台' }).count()) === 0,
    'smartEdu is not offered twice',
  )
  await page.getByPlaceholder('请输入用户名').fill('zhanglaoshi')
  await page.getByPlaceholder('请输入密码').fill('Demo@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  await page.waitForURL(/#\/portal\/personal/)
  await page.close()

  // Without either setting the same sign-in lands on the home and the login page has no lead button.
  const plain = await newPage()
  await rewrite(plain, '/base/api/tenant/getLoginInfo', (d) => ({ ...d, jumpAfterLogin: null, smartChinaLogin: false }))
  await plain.route('**/base/api/auth/third/list*', (route) =>
    route.fulfill({ json: { code: 0, msg: '', data: [{ thirdType: 'smartEdu', name: '省智慧教育平台' }] } }),
  )
  await plain.goto(`${baseUrl}/#/redirect/login`)
  await plain.locator('.zx-third-btn', { hasText: '省智慧教育平台' }).waitFor()
  assert((await plain.getByTestId('smart-china-login').count()) === 0, 'no lead button while smartChinaLogin is off')
  await plain.close()

  // A portal with no saved title shows its trade's default title, and an icon- logo draws an icon.
  // (Signed in first: a universal org's user would land on /generalPortal/home.)
  const portal = await newPage()
  await signIn(portal, baseUrl, 'zhanglaoshi')
  await rewrite(portal, '/base/api/account/user/current/detail', (d) => ({
    ...d,
    currentOrgData: { ...(d.currentOrgData as Record<string, unknown>), trade: 3 },
  }))
  await rewrite(portal, '/base/configMgr/getMHSysConfig', (d) => ({
    ...d,
    source: 'default',
    showLogo: true,
    logoUrl: 'icon-school',
  }))
  await portal.reload()
  const header = portal.getByTestId('portal-header')
  await header.getByTestId('sys-name').filter({ hasText: '统一门户' }).waitFor()
  assert(
    (await header.locator('[data-testid="logo-icon"][data-icon="school"] svg').count()) === 1,
    'icon-school draws the school icon',
  )
  await portal.close()

  // The portal-admin area (/menhu-…) is named in the admin header, and a terminal's settings page says what it does.
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')
  await admin.goto(`${baseUrl}/#/menhu-teacher/dingTalk`)
  await admin.getByTestId('platform-header').locator('.zx-ph-title', { hasText: '· 门户管理' }).waitFor()
  await admin.getByTestId('mp-note').getByText('以钉钉工作通知发送', { exact: false }).waitFor()
  await admin.goto(`${baseUrl}/#/menhu-waipin/index`)
  await admin.getByTestId('mp-note').getByText('外聘工作证', { exact: false }).waitFor()
  await admin.goto(`${baseUrl}/#/base-school/classManage`)
  await admin.getByTestId('platform-header').locator('.zx-ph-title', { hasText: '· 管理后台' }).waitFor()
})
