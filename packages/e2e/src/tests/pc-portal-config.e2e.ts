import type { Page } from 'playwright-core'
import { assert, signIn, test } from '../harness.js'

/** The demo school admin's API, outside the pages (whose sessions share one cookie jar). */
async function adminApi(
  base: string,
): Promise<(url: string, body?: unknown) => Promise<{ code: number; data: unknown }>> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const res = await post('/base/api/auth/loginByUserPwd', {
    userName: 'xxadmin',
    password: 'Demo@2026',
    loginType: 1,
    version: 2,
    needRandomOrg: false,
  })
  const login = (await res.json()) as { data: { userToken: string } }
  const auth = { authorization: `Bearer ${login.data.userToken}` }
  return async (url, body) => {
    const r = await (body === undefined ? fetch(`${base}${url}`, { headers: auth }) : post(url, body, auth))
    return (await r.json()) as { code: number; data: unknown }
  }
}

async function saved(page: Page, text = '保存成功'): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor()
}

test('PC portal config: an admin renames and hides menu tabs, adds a sidebar link and a website; the teacher’s home shows them', async ({
  newPage,
  baseUrl,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')

  // The portal menu: 个人门户 renamed, 系统中心 hidden.
  await admin.goto(`${baseUrl}/#/menhu-port/menu`)
  const personal = admin.getByTestId('menu-entry').filter({ hasText: '个人门户' })
  await personal.getByLabel('名称').fill('我的空间')
  await admin.getByTestId('menu-entry').filter({ hasText: '系统中心' }).getByRole('switch').click()
  await admin.getByTestId('menu-save').click()
  await saved(admin)

  // The sidebar: switched on, with a custom link.
  await admin.goto(`${baseUrl}/#/menhu-port/sidebar-manager`)
  await admin.getByRole('switch', { name: '启用侧边栏' }).click()
  await admin.getByTestId('sidebar-add-link').click()
  const row = admin.getByTestId('sidebar-entry').last()
  await row.getByLabel('标题').fill('校园地图')
  await row.getByLabel('链接地址').fill('https://map.example.cn')
  await admin.getByTestId('sidebar-save').click()
  await saved(admin)

  // A recommended website; a javascript: address is refused in the form first.
  await admin.goto(`${baseUrl}/#/menhu-port/website-link`)
  await admin.getByRole('button', { name: '新增网站' }).click()
  const modal = admin.locator('.ant-modal')
  await modal.getByLabel('网站名称').fill('国家智慧教育平台')
  await modal.getByLabel('网站地址').fill('javascript:alert(1)')
  await modal.getByRole('button', { name: '确定' }).click()
  await modal.getByText('网站地址必须以 http:// 或 https:// 开头').waitFor()
  await modal.getByLabel('网站地址').fill('https://www.smartedu.cn')
  await modal.getByRole('button', { name: '确定' }).click()
  await saved(admin, '新增成功')

  const teacher = await newPage()
  await signIn(teacher, baseUrl, 'zhanglaoshi')
  const header = teacher.getByTestId('portal-header')
  await header.getByTestId('portal-menu-tab').filter({ hasText: '我的空间' }).waitFor()
  assert((await header.getByText('个人门户', { exact: true }).count()) === 0, 'the renamed tab keeps no old name')
  assert((await header.getByText('系统中心', { exact: true }).count()) === 0, 'the hidden 系统中心 tab is not drawn')
  assert((await header.getByTestId('home-link').getAttribute('href')) === '#/portal/home', 'the landing tab leads home')
  const link = teacher.getByTestId('portal-sidebar').locator('a[title="校园地图"]')
  await link.waitFor()
  assert((await link.getAttribute('href')) === 'https://map.example.cn', 'the sidebar link opens its address')
  await teacher
    .getByTestId('websites-card')
    .getByRole('link', { name: /国家智慧教育平台/ })
    .waitFor()

  // Back to the demo's defaults for the tests after this one.
  const api = await adminApi(baseUrl)
  const sites = (await api('/base/api/Sidebar/fullRecommendlWebInfoById?all=1')).data as {
    id: number
    inherited: boolean
  }[]
  for (const s of sites.filter((x) => !x.inherited)) await api(`/base/api/Sidebar/deleteRecommendlWebById?id=${s.id}`)
  assert((await api('/base/configMgr/setPortalMenuConfig', { value: {} })).code === 0, 'menu reset')
  assert((await api('/base/api/Sidebar/saveSidebarInfo', { value: {} })).code === 0, 'sidebar reset')
})
