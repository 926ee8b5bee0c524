import type { BrowserContext, Page } from 'playwright-core'
import { assert, openLauncher, openUserMenuItem, signIn, test, tokenOf, watchPageErrors } from '../harness.js'
import {
  registerSampleApp as register,
  SAMPLE_WAIT_MS as WAIT_MS,
  sampleHome,
  unregisterSampleApp,
  type Registered,
} from '../sample-app.js'

const PHONE = { width: 375, height: 812 }

/** Opens the app from the portal's launcher: it must open top-level in a new page, never in the portal's frame. */
async function openFromLauncher(page: Page, uniqueId: string): Promise<Page> {
  const tile = (await openLauncher(page)).locator(`[data-app="${uniqueId}"]`)
  const [opened] = await Promise.all([
    page.context().waitForEvent('page', { timeout: WAIT_MS }),
    tile.locator('.zx-app-open').click(),
  ])
  assert(!page.url().includes('#/dynamic'), `the portal did not host the OpenID app in its frame (${page.url()})`)
  assert((await page.locator('iframe').count()) === 0, 'no frame in the portal')
  return opened
}

/**
 * The district's OpenID provider end to end (issue 24 points 1, 8; docs/open-platform.md): a teacher opens the sample
 * app from the portal's launcher (a new page on another origin, code + PKCE through the portal's sign-in page) and
 * lands signed in with the claims of zx:school; signing out of the portal signs the app out by back-channel logout.
 * A parent sees exactly their own children; an app without zx:guardian never receives them, and a person without a
 * portal session signs in through the portal's own login page (on a phone) and comes back to the app.
 */
test('OIDC app: the launcher signs a teacher in to the sample app, portal sign-out ends it; a parent sees only her children', async ({
  browser,
  baseUrl,
}) => {
  const admin = await tokenOf(baseUrl, 'jyjadmin')
  const registered: Registered[] = []
  const contexts: BrowserContext[] = []
  const context = async (viewport = { width: 1280, height: 800 }) => {
    const c = await browser.newContext({ viewport, locale: 'zh-CN' })
    c.setDefaultTimeout(WAIT_MS)
    contexts.push(c)
    return c
  }
  try {
    const withGuardian = await register(baseUrl, admin, '示例应用', [
      'profile',
      'zx:identity',
      'zx:school',
      'zx:guardian',
    ])
    registered.push(withGuardian)
    const noGuardian = await register(baseUrl, admin, '示例应用二', ['profile', 'zx:identity', 'zx:school'])
    registered.push(noGuardian)

    // A teacher: from the launcher into the app, signed in by the portal's session.
    const teacher = await (await context()).newPage()
    const teacherErrors = watchPageErrors(teacher)
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    const app = await openFromLauncher(teacher, withGuardian.uniqueId)
    const signedIn = await sampleHome(app, withGuardian.sample)
    assert(signedIn.state === '已登录', `the teacher is signed in to the app: ${signedIn.state}`)
    assert(signedIn.claims.staff_no === 'T11902', `zx:school's staff_no: ${JSON.stringify(signedIn.claims)}`)
    assert(signedIn.claims.class_ids && /\d/.test(signedIn.claims.class_ids), 'zx:school names the class she heads')
    assert(signedIn.claims.name === '张老师', `profile's name: ${signedIn.claims.name}`)
    assert(signedIn.claims.user_type === 'teacher', `zx:identity's user_type: ${signedIn.claims.user_type}`)

    // Signing out of the portal: the provider tells the app (back-channel), whose session ends.
    await openUserMenuItem(teacher, '退出')
    await teacher.waitForURL(/#\/redirect\/login/)
    const deadline = Date.now() + WAIT_MS
    let after = ''
    do {
      await app.reload()
      after = (await sampleHome(app, withGuardian.sample)).state
    } while (after !== '未登录' && Date.now() < deadline)
    assert(after === '未登录', `the app's session ended with the portal's: ${after}`)
    teacherErrors()

    // A parent: her own child and no one else's, with the relation.
    const parent = await (await context()).newPage()
    const parentErrors = watchPageErrors(parent)
    await signIn(parent, baseUrl, 'xiaomingmama')
    const parentApp = await openFromLauncher(parent, withGuardian.uniqueId)
    const hers = await sampleHome(parentApp, withGuardian.sample)
    assert(hers.state === '已登录', `the parent is signed in to the app: ${hers.state}`)
    const children = await parentApp.locator('dd[data-claim="children"] li').allInnerTexts()
    // The seed binds xiaomingmama (刘女士) to 王小明 as 母亲 and to no one else (db/seed/demo-people.ts).
    assert(
      children.length === 1 && children[0] === '王小明（母亲）',
      `the parent sees her own child only: ${JSON.stringify(children)}`,
    )
    assert(hers.claims.user_type === 'guardian', `a parent's user_type: ${hers.claims.user_type}`)
    parentErrors()

    // No portal session, on a phone: the app's sign-in goes through the portal's login page and comes back; the app
    // without zx:guardian gets no children.
    const phone = await (await context(PHONE)).newPage()
    const phoneErrors = watchPageErrors(phone)
    await phone.goto(`${noGuardian.sample.url}/login`)
    await phone.waitForURL(/#\/redirect\/login\?/, { timeout: WAIT_MS })
    await phone.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await phone.getByPlaceholder('请输入密码').fill('Demo@2026')
    await phone.getByRole('button', { name: '登录', exact: true }).click()
    const other = await sampleHome(phone, noGuardian.sample)
    assert(other.state === '已登录', `signed in through the portal's login page: ${other.state}`)
    assert(other.claims.name === '刘女士', `the parent's name: ${other.claims.name}`)
    assert(other.claims.children === undefined, `an app without zx:guardian gets no children: ${other.claims.children}`)
    assert((await phone.getByText('王小明').count()) === 0, 'no child is named anywhere on the page')
    phoneErrors()

    // A student may not use the app (teachers and parents only): the sign-in page says so at 375 px, and 返回应用
    // takes her back to the app, which hears that the sign-in was refused.
    const student = await (await context(PHONE)).newPage()
    const studentErrors = watchPageErrors(student)
    await student.goto(`${withGuardian.sample.url}/login`)
    await student.waitForURL(/#\/redirect\/login\?/, { timeout: WAIT_MS })
    await student.getByPlaceholder('请输入用户名').fill('xiaoming')
    await student.getByPlaceholder('请输入密码').fill('Demo@2026')
    await student.getByRole('button', { name: '登录', exact: true }).click()
    const page = student.locator('[data-page="/redirect/oidcLogin"]')
    await page.getByRole('alert').filter({ hasText: '您的身份无权使用此应用，请联系学校管理员' }).waitFor()
    assert((await page.getByTestId('oidc-app-name').innerText()) === '示例应用', 'the page names the app that asks')
    const releases = await page.getByTestId('oidc-releases').locator('li').allInnerTexts()
    assert(
      releases.length === 4 && releases.some((r) => r.startsWith('亲属关系')),
      `the page lists what the app would receive: ${JSON.stringify(releases)}`,
    )
    const fits = await student.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)
    assert(fits, 'the sign-in page fits a 375 px phone')
    await page.getByRole('button', { name: '返回应用' }).focus()
    await student.keyboard.press('Enter')
    await student.waitForURL(`${withGuardian.sample.url}/callback?**`, { timeout: WAIT_MS })
    await student.getByRole('alert').filter({ hasText: '登录已取消' }).waitFor()
    studentErrors()
  } finally {
    for (const c of contexts) await c.close().catch(() => {})
    // The apps go again: later journeys of the lane see the launcher and the /dynamic host as the demo has them.
    for (const r of registered) await unregisterSampleApp(baseUrl, admin, r)
  }
})
