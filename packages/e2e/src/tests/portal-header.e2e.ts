import { groupMenuCount, style1TabCount } from '@zhixiao/shared'
import type { Page } from 'playwright-core'
import { assert, openUserMenuItem, signInPickingOrg, pick, signIn, test, updateDemoTenant } from '../harness.js'

const WIDTHS = [1100, 1350, 1920]

/** The app groups the header loads for the signed-in user (the same call, under the page's own session). */
async function headerGroups(page: Page): Promise<{ name: string; appList: { appId: number }[] }[]> {
  return page.evaluate(async () => {
    const token = decodeURIComponent(/accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '')
    const r = await fetch('/base/mobileAppGroup/getAppGroupList?appType=3&filter=1&showDefaultGroup=true', {
      headers: { Authorization: `Bearer ${token}` },
    })
    return ((await r.json()) as { data: { name: string; appList: { appId: number }[] }[] }).data
  })
}

/** Waits until `count()` equals `want` (the header re-renders on resize). */
async function settle(count: () => Promise<number>, want: number, what: string): Promise<void> {
  const deadline = Date.now() + 10_000
  let got = await count()
  while (got !== want) {
    if (Date.now() > deadline) throw new Error(`${what}: ${got}, expected ${want}`)
    await new Promise((r) => setTimeout(r, 100))
    got = await count()
  }
}

async function saveConfig(
  page: Page,
  baseUrl: string,
  arrange: (form: ReturnType<Page['getByTestId']>) => Promise<void>,
): Promise<void> {
  await page.goto(`${baseUrl}/#/menhu-port/maintain/mainPage`)
  const form = page.getByTestId('mh-config-form')
  await form.waitFor()
  await arrange(form)
  await page.getByTestId('mh-config-save').click()
  await page.locator('.ant-message').getByText('保存成功').first().waitFor()
}

test('portal header: style-1 tab counts and style-2 group counts follow the window width (001 §9); the mobile drawer lists entries', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.getByTestId('portal-header').waitFor()
  const groups = await headerGroups(page)
  const apps = new Set(groups.flatMap((g) => g.appList.map((a) => a.appId))).size
  const nonEmpty = groups.filter((g) => g.appList.length > 0).length
  assert(
    apps >= 4 && nonEmpty >= 3,
    `the school admin should see at least 4 apps in 3 groups (got ${apps} in ${nonEmpty})`,
  )

  // Style 1 (the default): app tabs.
  assert((await page.getByTestId('portal-header').getAttribute('data-nav-style')) === '1', 'style 1 by default')
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await settle(
      () => page.getByTestId('app-tab').count(),
      Math.min(style1TabCount(width), apps),
      `style-1 tabs at ${width}`,
    )
  }
  assert((await page.getByTestId('app-tab-more').count()) === 1, 'the other apps are under 更多')

  // Style 2 through the admin screen, with the mobile entry switched on.
  await saveConfig(page, baseUrl, async (form) => {
    await form.getByText('样式二：分组菜单').click()
    await form.getByText('开启移动端入口').click()
    await form.getByText('门户置灰').click()
    await form.getByLabel('系统名称').fill('示范区第一实验小学智慧校园')
    // Footer: one group with a text item that links out.
    const footer = page.getByTestId('footer-editor')
    await footer.getByRole('button', { name: '添加分组' }).click()
    await footer.getByRole('button', { name: '添加项' }).click()
    const row = footer.getByTestId('footer-item-row')
    await row.getByPlaceholder('文字或图片地址').fill('联系我们')
    await pick(page, row.locator('.ant-select').nth(1), '链接')
    await row.getByPlaceholder('链接或悬浮图片地址').fill('https://example.cn/contact')
  })
  await page.goto(`${baseUrl}/#/portal/home`)
  await page.locator('[data-testid="portal-header"][data-nav-style="2"]').waitFor()
  // A name over 8 characters is cut and expands on hover; the portal home is grey; the footer shows the item.
  assert(
    (await page.getByTestId('sys-name').getAttribute('data-long-title')) === 'true',
    'long-title flag for a name over 8 characters',
  )
  await page.locator('[data-layout="home"][data-gray="true"]').waitFor()
  for (const part of [page.getByTestId('portal-header'), page.locator('[data-layout="home"] main')]) {
    assert(
      (await part.evaluate((el) => getComputedStyle(el).filter)).includes('grayscale'),
      'the header and the page body are grey',
    )
  }
  const link = page.getByTestId('portal-footer').getByTestId('footer-item').filter({ hasText: '联系我们' })
  assert((await link.getAttribute('data-link')) === 'true', 'the footer item links out')
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await settle(
      () => page.getByTestId('group-menu').count(),
      Math.min(groupMenuCount(width), nonEmpty),
      `style-2 groups at ${width}`,
    )
  }
  const names = await page.getByTestId('group-menu').allTextContents()
  assert(
    names.every((n) => [...n.replace('…', '')].length <= 4),
    `group names are cut to 4 characters: ${names.join(',')}`,
  )
  if (nonEmpty > groupMenuCount(1100)) {
    await page.setViewportSize({ width: 1100, height: 900 })
    await page.getByTestId('group-more').waitFor()
  }

  // Mobile drawer: empty first, then the entry an admin adds (QR generated from its text).
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByTestId('mobile-entry-open').click()
  const drawer = page.locator('.ant-drawer').filter({ hasText: '移动端入口' })
  await drawer.getByText('暂无内容').waitFor()
  const width = await drawer.locator('.ant-drawer-content-wrapper').evaluate((el) => el.getBoundingClientRect().width)
  assert(Math.round(width) === 640, `drawer width ${width}`)
  await page.keyboard.press('Escape')
  await page.goto(`${baseUrl}/#/menhu-port/maintain/mainPage`)
  const card = page.getByTestId('mobile-entries-card')
  await card.getByRole('button', { name: '新增入口' }).click()
  const modal = page.locator('.ant-modal').filter({ hasText: '新增移动端入口' })
  await modal.getByLabel('名称').fill('教师移动端')
  await modal.getByLabel('说明').fill('扫码下载教师端')
  await modal.getByLabel('二维码内容或图片地址').fill('https://m.example.cn/teacher')
  await modal.getByLabel('提示').fill('请使用微信扫一扫')
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click()
  await page.locator('.ant-message').getByText('新增成功').first().waitFor()
  await page.goto(`${baseUrl}/#/portal/home`)
  await page.getByTestId('mobile-entry-open').click()
  const entry = page.getByTestId('mobile-entry').filter({ hasText: '教师移动端' })
  await entry.getByText('请使用微信扫一扫').waitFor()
  const qr = await entry.locator('.ant-qrcode').first().boundingBox()
  assert(qr && Math.round(qr.width) === 160, `QR is 160 wide (${qr?.width})`)
})

test('password dialog: required messages on blur, 两次密码不一致, the rule hint, 修改成功 then sign-out', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjstaff')
  const openDialog = async () => {
    await openUserMenuItem(page, '修改密码')
    return page.locator('.ant-modal').filter({ hasText: '修改密码' })
  }
  let dialog = await openDialog()
  await dialog.getByPlaceholder('请输入当前密码').focus()
  await dialog.getByPlaceholder('请输入当前密码').blur()
  await dialog.locator('.ant-form-item-explain-error').getByText('请输入当前密码').waitFor()
  await dialog.getByRole('button', { name: '确定' }).click()
  await dialog.locator('.ant-form-item-explain-error').getByText('请输入新密码').first().waitFor()
  await dialog.getByText('密码长度为8-20位').first().waitFor()
  await dialog.getByPlaceholder('请输入当前密码').fill('Demo@2026')
  await dialog.getByPlaceholder('请输入新密码').fill('Portal2026a')
  await dialog.getByPlaceholder('请再次输入新密码').fill('Portal2026b')
  await dialog.getByPlaceholder('请再次输入新密码').blur()
  await dialog.getByText('两次密码不一致').first().waitFor()
  await dialog.getByPlaceholder('请再次输入新密码').fill('Portal2026a')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.locator('.ant-message').getByText('修改成功').first().waitFor()
  const shown = Date.now()
  await page.waitForURL(/#\/redirect\/login/)
  assert(Date.now() - shown >= 1000, 'the dialog closes about 1.5 s after 修改成功, then the user is signed out')

  // Sign in with the new password and put the demo password back.
  await signIn(page, baseUrl, 'jyjstaff', 'Portal2026a')
  dialog = await openDialog()
  await dialog.getByPlaceholder('请输入当前密码').fill('Portal2026a')
  await dialog.getByPlaceholder('请输入新密码').fill('Demo@2026')
  await dialog.getByPlaceholder('请再次输入新密码').fill('Demo@2026')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.locator('.ant-message').getByText('修改成功').first().waitFor()
  await page.waitForURL(/#\/redirect\/login/)
})

test('bureau header: menu entries by menuShowNum and width with 更多 (001 §9), cultural purpose text, 暂无权限 for a target without permission', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  const save = (value: Record<string, unknown>) =>
    page.evaluate(async (v) => {
      const token = decodeURIComponent(/accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '')
      const r = await fetch('/base/configMgr/setMHSysConfig', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'jd_mh_sys_config', value: v }),
      })
      return ((await r.json()) as { code: number }).code
    }, value)
  const options = ['教育资讯', '办公', '督导', '资产', '培训', '数据', '服务'].map((optionName) => ({
    optionName,
    skipList: [
      {
        skipName: optionName,
        reqUri: '/localSide/appCenter/index',
        permissionName: optionName === '服务' ? 'no_such_code' : '',
      },
    ],
  }))
  assert(
    (await save({
      sysName: '示范区局校一体',
      menuShowNum: 1,
      culturalPurpose: 1,
      culturalPurposeContent: '立德树人 教育为本',
      options,
    })) === 0,
    'the bureau admin saves the bureau header',
  )
  await page.goto(`${baseUrl}/#/localSide/home/index`)
  const header = page.getByTestId('bureau-header')
  await header.getByText('示范区局校一体').waitFor()
  await header.getByTestId('cultural-purpose').getByText('立德树人').waitFor()
  for (const [width, want] of [
    [1100, 2],
    [1350, 3],
    [1600, 4],
    [1920, 5],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await settle(() => header.getByTestId('bureau-menu').count(), want, `bureau menus at ${width}`)
  }
  await header.getByTestId('bureau-more').hover()
  await page.getByRole('menuitem', { name: '服务' }).waitFor()
  assert((await save({ sysName: '示范区局校一体', menuShowNum: 0, options })) === 0, 'menuShowNum 0 saved')
  await page.reload()
  await settle(() => page.getByTestId('bureau-menu').count(), 1, 'menuShowNum 0 shows one entry')
  assert((await save({ sysName: '示范区局校一体', menuShowNum: 2, options })) === 0, 'menuShowNum 2 saved')
  await page.reload()
  await settle(() => page.getByTestId('bureau-menu').count(), options.length, 'menuShowNum 2 shows all')
  assert((await page.getByTestId('bureau-more').count()) === 0, 'no 更多 when all show')
  // The bureau admin's gear opens the bureau back office, which leads into each admin area.
  await page.getByTestId('bureau-header').getByTestId('admin-gear').click()
  await page.waitForURL(/#\/localSide\/navigation/)
  await page
    .getByTestId('bureau-nav-group')
    .filter({ hasText: '组织机构' })
    .getByRole('link', { name: '机构设置' })
    .click()
  await page.waitForURL(/#\/base-organization\/orgSet/)

  // An app-centre entry (contentType 3) opens the centre in its template (001 §2.1): 模板二 → mode2, one group at a
  // time beside the group list; 模板一 → mode1, every group as a card.
  const centre = [
    { optionName: '应用中心', contentType: 3, tempType: 2, skipList: [] },
    { optionName: '全部应用', contentType: 3, tempType: 1, skipList: [] },
  ]
  assert((await save({ sysName: '示范区局校一体', menuShowNum: 2, options: centre })) === 0, 'app-centre entries saved')
  await page.goto(`${baseUrl}/#/localSide/home/index`)
  await page.reload()
  await page.getByTestId('bureau-menu').filter({ hasText: '应用中心' }).click()
  await page.waitForURL(/#\/localSide\/appCenter\/index\?type=mode2/)
  const tabs = page.getByTestId('app-center-mode2').getByRole('tab')
  await tabs.first().waitFor()
  const groups = await tabs.count()
  assert(groups > 1, `mode2 lists the groups as tabs (${groups})`)
  await page.getByTestId('app-center-mode2').getByRole('tabpanel').locator('.zx-app:visible').first().waitFor()
  await page.goto(`${baseUrl}/#/localSide/home/index`)
  await page.getByTestId('bureau-menu').filter({ hasText: '全部应用' }).click()
  await page.waitForURL(/#\/localSide\/appCenter\/index\?type=mode1/)
  await settle(
    () => page.getByTestId('app-center-mode1').locator('.ant-card').count(),
    groups,
    'mode1 shows every group as a card',
  )
  assert((await save({ sysName: '示范区局校一体', menuShowNum: 2, options })) === 0, 'the menu entries saved back')

  // Bureau staff (not the bureau admin) lack the entry's permission: 暂无权限, and the page stays.
  const staff = await newPage()
  await signIn(staff, baseUrl, 'jyjstaff')
  await staff.goto(`${baseUrl}/#/localSide/home/index`)
  await staff.getByTestId('bureau-menu').filter({ hasText: '服务' }).click()
  await staff.locator('.ant-message').getByText('暂无权限').first().waitFor()
  assert(staff.url().includes('/localSide/home/index'), `stayed on the bureau home (${staff.url()})`)
  await staff.getByTestId('bureau-menu').filter({ hasText: '办公' }).click()
  await staff.waitForURL(/#\/localSide\/appCenter\/index/)
})

/** The super administrator turns the demo tenant's required-info check on or off (tenant/update). */
function demoRequiresNation(base: string, on: boolean): Promise<void> {
  return updateDemoTenant(base, { requiredInfoAfterLogin: on, requiredInfoFields: on ? ['nationality'] : [] })
}

test('org switch with the required-info check on: the verify form shows in the dialog, 返回 goes back to the list, 确定 saves and enters the new org', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signInPickingOrg(page, baseUrl, 'lilaoshi', '示范区第一实验小学')
  await demoRequiresNation(baseUrl, true)
  await page.evaluate(() => localStorage.setItem('classInfo', JSON.stringify({ classId: 1 })))
  try {
    await openUserMenuItem(page, '切换机构')
    const dialog = page.locator('.ant-modal')
    await dialog.getByRole('button', { name: '确定' }).waitFor()
    // Nothing chosen is impossible here (the current org is preselected); confirming the current org just closes.
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await openUserMenuItem(page, '切换机构')
    await dialog.getByText('示范区第二中学').click()
    await dialog.getByRole('button', { name: '确定' }).click()
    const verify = dialog.getByTestId('switch-verify')
    await verify.waitFor()
    await verify.getByRole('button', { name: '返回' }).click()
    await dialog.getByText('示范区第一实验小学').waitFor()
    await dialog.getByRole('button', { name: '确定' }).click()
    await verify.waitFor()
    await verify.getByRole('button', { name: '确定' }).click()
    await verify.locator('.ant-form-item-explain-error').getByText('请选择民族').waitFor()
    await pick(page, verify.locator('#nationality'), '汉族')
    // Entering the new org reloads the page 200 ms after landing (001 §4): wait for that reload, or the check
    // below may run in the page that is being replaced.
    const reloaded = page.waitForEvent('load')
    await verify.getByRole('button', { name: '确定' }).click()
    await reloaded
    await page.locator('[data-page="/portal/home"]').getByText('示范区第二中学').waitFor()
    const classLeft = await page.evaluate(() => localStorage.getItem('classInfo'))
    assert(classLeft === null, 'class info is cleared at a switch')
  } finally {
    await demoRequiresNation(baseUrl, false)
  }
})

test('the header is fixed at the top once the page is scrolled 102 px (000 §9), and back in the flow above that', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage({ width: 1440, height: 500 })
  await signIn(page, baseUrl, 'zhanglaoshi')
  const header = page.getByTestId('portal-header')
  await header.waitFor()
  const position = () => header.evaluate((el) => getComputedStyle(el).position)
  assert((await position()) !== 'fixed', 'the header is in the flow at the top of the page')
  // The home's blocks (banner, news) make it taller than the 500 px window once they have loaded.
  await page.waitForFunction(() => document.documentElement.scrollHeight - window.innerHeight >= 150)
  await page.evaluate(() => window.scrollTo(0, 101))
  await header.and(page.locator('[data-pinned="false"]')).waitFor()
  await page.evaluate(() => window.scrollTo(0, 150))
  await header.and(page.locator('[data-pinned="true"]')).waitFor()
  assert((await position()) === 'fixed', 'scrolled 150 px, the header is fixed')
  const box = await header.boundingBox()
  assert(box && Math.round(box.y) === 0, `the fixed header sits at the top of the window (y ${box?.y})`)
  await page.evaluate(() => window.scrollTo(0, 0))
  await header.and(page.locator('[data-pinned="false"]')).waitFor()
  assert((await position()) !== 'fixed', 'back at the top, the header is in the flow again')
})
