import type { Locator, Page } from 'playwright-core'
import { assert, openUserMenu, signIn, test } from '../harness.js'

// Phones (375 × 812): below 768 px every header collapses into a bar (menu button, name, user menu) with the rest
// in a drawer, the admin side menu moves into that drawer, and tables scroll sideways (docs/portal-config.md).
const PHONE = { width: 375, height: 812 }

/** Nothing pushes the page sideways: the document is no wider than the screen. */
async function assertNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)
  assert(width <= PHONE.width, `${where}: the page is ${width} px wide on a ${PHONE.width} px screen`)
}

/** The element comes to lie wholly on the screen (a drawer or menu may still be sliding in). */
async function assertOnScreen(el: Locator, what: string): Promise<void> {
  await el.waitFor()
  const onScreen = await el
    .page()
    .waitForFunction(
      (e) => {
        const r = e.getBoundingClientRect()
        return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
      },
      await el.elementHandle(),
      { timeout: 3000 },
    )
    .then(
      () => true,
      () => false,
    )
  assert(onScreen, `${what} is off-screen: ${JSON.stringify(await el.boundingBox())}`)
}

/** Opens the header's user menu and checks the items a person needs are on screen. */
async function assertUserMenuReachable(page: Page, items: string[]): Promise<void> {
  await assertOnScreen(page.getByTestId('user-menu'), 'the user menu')
  await openUserMenu(page)
  for (const item of items)
    await assertOnScreen(page.getByRole('menuitem', { name: item }), `「${item}」 of the user menu`)
  // Move away so the menu closes before the next step.
  await page.mouse.move(PHONE.width / 2, PHONE.height - 10)
  await page.getByRole('menuitem', { name: items[0] }).waitFor({ state: 'hidden' })
}

test('phone 375: the login page and a teacher home fit the screen; the header collapses into a drawer and a reachable user menu', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage(PHONE)
  await page.goto(`${baseUrl}/#/redirect/login`)
  await assertOnScreen(page.getByRole('button', { name: '登录', exact: true }), 'the login button')
  await assertNoSidewaysScroll(page, 'login')

  await signIn(page, baseUrl, 'zhanglaoshi')
  const header = page.locator('[data-testid="portal-header"][data-compact="true"]')
  await header.waitFor()
  await page.locator('[data-layout="home"]').getByText('学校新闻').first().waitFor()
  await assertNoSidewaysScroll(page, 'teacher home')
  await assertUserMenuReachable(page, ['退出', '修改密码', '切换机构'])

  // The tabs and tools are in the drawer, on screen, and a link there navigates and closes it.
  await page.getByTestId('header-menu-button').click()
  const drawer = page.getByTestId('header-drawer')
  await assertOnScreen(drawer.getByTestId('home-link'), "the drawer's 首页")
  await assertOnScreen(drawer.getByTestId('often-use-trigger'), "the drawer's 常用")
  await page.goto(`${baseUrl}/#/oneselfCenter`)
  await page.locator('[data-page="/oneselfCenter"]').waitFor()
  await assertNoSidewaysScroll(page, 'personal centre')
  await page.goto(`${baseUrl}/#/portal/home`)
  await page.getByTestId('header-menu-button').click()
  await drawer.getByTestId('home-link').click()
  await drawer.waitFor({ state: 'hidden' })
})

test("phone 375: a parent's personal home and the bureau home fit the screen with the user menu on it", async ({
  newPage,
  baseUrl,
}) => {
  const parent = await newPage(PHONE)
  await signIn(parent, baseUrl, 'xiaomingmama')
  await parent.waitForURL(/#\/portal\/personal/)
  await parent.locator('[data-layout="home"]').getByText('通知公告').first().waitFor()
  await assertNoSidewaysScroll(parent, 'parent personal home')
  await assertUserMenuReachable(parent, ['退出', '修改密码', '切换机构'])

  const bureau = await newPage(PHONE)
  await signIn(bureau, baseUrl, 'jyjadmin')
  await bureau.goto(`${baseUrl}/#/localSide/home/index`)
  await bureau.locator('[data-testid="bureau-header"][data-compact="true"]').waitFor()
  await bureau.locator('[data-layout="jd"]').getByText('通知公告').first().waitFor()
  await assertNoSidewaysScroll(bureau, 'bureau home')
  await assertUserMenuReachable(bureau, ['退出', '修改密码'])
})

test('phone 375: an admin list has its side menu in a drawer and a table that scrolls sideways with readable cells', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage(PHONE)
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-userAccount/teachers`)
  const screen = page.locator('[data-page="/base-userAccount/teachers"]')
  await screen.locator('.ant-table-row').filter({ hasText: '张老师' }).waitFor()
  assert((await page.getByTestId('side-menu').count()) === 0, 'the fixed side menu is still beside the page')
  await assertNoSidewaysScroll(page, 'teachers list')
  await assertUserMenuReachable(page, ['退出', '修改密码'])

  // The table keeps its columns readable and scrolls inside its card.
  const scroller = screen.locator('.ant-table-content').first()
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }))
  assert(scrollWidth > clientWidth, `the table does not scroll sideways (${scrollWidth} ≤ ${clientWidth})`)
  for (const title of ['姓名', '手机号', '登录名']) {
    const cell = screen.locator('th').filter({ hasText: title }).first()
    const box = await cell.boundingBox()
    assert(box && box.width > 40, `the 「${title}」 column is ${box?.width} px wide`)
  }
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth
  })
  await assertOnScreen(
    screen.locator('.ant-table-row').filter({ hasText: '张老师' }).getByRole('button', { name: '编辑' }),
    "the row's 编辑 after scrolling",
  )

  // The side menu opens from the header as a drawer and navigates.
  await page.getByTestId('header-menu-button').click()
  const menu = page.getByTestId('header-drawer').getByTestId('admin-menu')
  await assertOnScreen(menu.locator('li.ant-menu-item').filter({ hasText: /^归档教师$/ }), "the drawer's 归档教师")
  await menu
    .locator('li.ant-menu-item')
    .filter({ hasText: /^归档教师$/ })
    .click()
  await page.waitForURL(/#\/base-userAccount\/teachersGuidang$/)
  await page.getByTestId('header-drawer').waitFor({ state: 'hidden' })
  await page.locator('[data-page="/base-userAccount/teachersGuidang"]').waitFor()
  await assertNoSidewaysScroll(page, 'archived teachers')
})
