import { Msg, REQUEST_TIMEOUT_MS } from '@zhixiao/shared'
import type { Page, Route } from 'playwright-core'
import { assert, openUserMenuItem, signIn, test } from '../harness.js'

// The shared client's rules of 000 §7.1 and §8 that client-errors.e2e leaves out: a 404 envelope, the success code
// 201, a 401 inside an embedded frame, the 300 s timeout and the requestId header. As there, the answers are
// injected at the network layer and everything else (page, client, server) is real. Each call below is the
// password rule the 修改密码 dialog asks for when it opens (a plain `request`, all rules on).
const RULE = '**/base/api/tenant/base/tenant/config/password/rule'

/** Answers the password rule with the real answer's envelope changed by `patch`. */
async function answerRule(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.route(RULE, async (route: Route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, ...patch }) })
  })
}

test('client plumbing: a 404 envelope goes to /404; code 201 is a success like 0 (000 §8)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')

  // 201 with data: the dialog shows the rule's hint from that data, and no error follows (an error waits 600 ms).
  await answerRule(page, { code: 201, msg: '', data: { text: '密码须为8-20位（201成功）', regex: '^.{8,20}$' } })
  await openUserMenuItem(page, '修改密码')
  const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' })
  await dialog.getByText('密码须为8-20位（201成功）').waitFor()
  await page.waitForTimeout(1000)
  // Only error notices count (the sign-in's own 登录成功 may still be fading).
  const shown = await page
    .locator('.ant-message-notice')
    .filter({ has: page.locator('.ant-message-error') })
    .allInnerTexts()
  assert(shown.length === 0, `code 201 showed an error: ${shown.join(' / ')}`)
  await dialog.getByRole('button', { name: '取消' }).click()

  // 404 in the envelope (HTTP 200): the page the call belongs to gives way to /404.
  await page.unroute(RULE)
  await answerRule(page, { code: 404, msg: '请求的资源不存在', data: null })
  await openUserMenuItem(page, '修改密码')
  await page.waitForURL(/#\/404$/)
  await page.locator('[data-page="/404"]').getByText('抱歉，您访问的页面不存在').waitFor()
})

test('client plumbing: a 401 inside an embedded frame moves the parent page to login (000 §8)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')
  // A host page of the same origin that is not the app (the API's login info), embedding the portal.
  await page.goto(`${baseUrl}/base/api/tenant/getLoginInfo`)
  // Every unread-count poll of the framed portal answers that the session ended.
  await page.route('**/base/api/message/unreadCount', (r) =>
    r.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ code: 401, msg: Msg.NOT_LOGGED_IN, data: null }),
    }),
  )
  await page.evaluate((src) => {
    const frame = document.createElement('iframe')
    frame.src = src
    frame.style.cssText = 'width:1200px;height:800px'
    document.body.append(frame)
  }, `${baseUrl}/#/portal/home`)
  // The top page, not the frame, goes to the login page, keeping where the frame was as the redirect.
  await page.waitForURL(/#\/redirect\/login\?/)
  const q = new URLSearchParams(page.url().split('?')[1])
  assert(q.get('redirect') === '/portal/home' && q.get('from') === 'own', `login query: ${page.url()}`)
  assert(page.url().startsWith(`${baseUrl}/#/`), `the top page is the app's login page: ${page.url()}`)
})

test('client plumbing: a call unanswered for 300 s is given up with 网络错误 (000 §7.1, §9); every call carries a requestId', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  // The page's clock is ours: 300 s pass in a moment.
  await page.clock.install()
  await signIn(page, baseUrl, 'zhanglaoshi')

  const ids: string[] = []
  // Never answered: only the client's own timeout ends the call.
  await page.route(RULE, (route) => {
    ids.push(route.request().headers()['requestid'] ?? '')
  })
  // The dialog's code loads on demand: the clock moves only once the call it makes is out.
  const asked = page.waitForRequest((r) => r.url().endsWith('/config/password/rule'), { timeout: 15_000 })
  await openUserMenuItem(page, '修改密码')
  await asked
  await page.clock.fastForward(REQUEST_TIMEOUT_MS - 2000)
  await page.waitForTimeout(300)
  assert(
    (await page.locator('.ant-message').getByText(Msg.NETWORK_ERROR).count()) === 0,
    'the call was given up before 300 s',
  )
  await page.clock.fastForward(3000)
  await page.locator('.ant-message').getByText(Msg.NETWORK_ERROR).first().waitFor()

  // The requestId header (000 §7.1): on every call, the bootstrap fetches included, and different on each.
  assert(ids.length === 1 && /^[\w-]{8,}$/.test(ids[0]!), `requestId of the held call: ${ids.join(',')}`)
  const sent: { id: string; url: string }[] = []
  // The calls the client makes (fetch); pictures the page shows (<img src=/base/api/cms2/open/image/…>) are loaded by the
  // browser itself, which sends no header of ours, so they are not calls of 000 §7.1.
  page.on('request', (r) => {
    if (r.url().includes('/base/') && ['fetch', 'xhr'].includes(r.resourceType()))
      sent.push({ id: r.headers()['requestid'] ?? '', url: r.url() })
  })
  await page.reload()
  await page.locator('[data-page="/portal/home"]').waitFor()
  const without = sent.filter((c) => !c.id).map((c) => c.url)
  assert(sent.length > 1 && without.length === 0, `calls without a requestId: ${without.join(', ')}`)
  assert(new Set(sent.map((c) => c.id)).size === sent.length, 'a requestId was sent twice')
})
