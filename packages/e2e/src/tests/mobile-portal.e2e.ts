import { assert, pickMany, signIn, test } from '../harness.js'

/**
 * The mobile portal (docs/mobile-portal.md "Mobile portal"): the school admin changes the teacher mobile home through
 * /menhu-teacher (an app group with an app, a quick entry for all staff, a carousel picture), and a teacher on a
 * 375×812 phone sees each change on /mobile/home, with the bottom tabs.
 */
test('mobile portal: an admin configures the teacher mobile home and a teacher at 375×812 sees it', async ({
  baseUrl,
  newPage,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')

  // An app group of the teacher mobile scope, with the demo sub-application in it.
  await admin.goto(`${baseUrl}/#/menhu-teacher/moilble-application`)
  await admin.getByPlaceholder('新分组名称').fill('移动办公E2E')
  await admin.getByTestId('app-group-add').click()
  const group = admin.locator('[data-group="移动办公E2E"]')
  await pickMany(admin, group.locator('.ant-select'), '演示子应用')
  await group.getByRole('button', { name: '加入分组' }).click()
  await group.locator('.ant-tag').filter({ hasText: '演示子应用' }).waitFor()

  // A quick entry for all staff.
  await admin.goto(`${baseUrl}/#/menhu-teacher/application-config`)
  await admin.locator('.ant-select').filter({ hasText: '全部教职工' }).waitFor()
  await admin.getByLabel('新分组名称').fill('E2E快捷')
  await admin.getByTestId('quick-group-add').click()
  const quick = admin.locator('[data-quick-group="E2E快捷"]')
  await pickMany(admin, quick.locator('.ant-select'), '演示子应用')
  await quick.getByRole('button', { name: '加入' }).click()
  await quick.locator('.ant-tag').filter({ hasText: '演示子应用' }).waitFor()

  // A teacher-mobile carousel picture, added on /menhu-addration from the list.
  await admin.goto(`${baseUrl}/#/menhu-teacher/ration`)
  await admin.getByTestId('banner-add').click()
  await admin.waitForURL(/#\/menhu-addration/)
  await admin.getByLabel('标题').fill('E2E移动横幅')
  await admin.getByLabel('图片地址').fill('https://img.example.cn/e2e-banner.png')
  await admin.getByTestId('banner-save').click()
  await admin.waitForURL(/#\/menhu-teacher\/ration/)
  await admin.getByRole('cell', { name: 'E2E移动横幅' }).waitFor()

  // The teacher on a phone.
  const phone = await newPage({ width: 375, height: 812 })
  await signIn(phone, baseUrl, 'zhanglaoshi')
  // A phone user on the PC home is offered the mobile portal.
  await phone.getByTestId('mobile-offer').getByRole('link', { name: '切换到移动版' }).click()
  await phone.waitForURL(/#\/mobile\/home/)
  await phone.locator('[data-layout="mobile"][data-terminal="teacher"]').waitFor()
  await phone.locator('[data-banner="E2E移动横幅"]').first().waitFor({ state: 'attached' })
  await phone.locator('[data-quick="E2E快捷"] [data-app="演示子应用"]').waitFor()
  await phone.locator('[data-group="移动办公E2E"] [data-app="演示子应用"]').waitFor()
  const width = await phone.evaluate(() => document.documentElement.scrollWidth)
  assert(width <= 375, `the mobile home fits the phone (scroll width ${width})`)
  // The bottom tabs of MobileMenuConfig lead to the apps page, which lists the same group.
  await phone.locator('nav [data-tab="apps"]').click()
  await phone.waitForURL(/#\/mobile\/apps/)
  await phone.locator('[data-group="移动办公E2E"] [data-app="演示子应用"]').click()
  await phone.waitForURL(/#\/dynamic/)
})
