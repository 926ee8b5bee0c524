import { deflateSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import {
  anotherParent,
  api,
  assert,
  atRest,
  openLauncher,
  pick,
  signIn,
  signInFirstTime,
  test,
  tokenOf,
  watchPageErrors,
  type Env,
} from '../harness.js'

/** Every wait for the apps' origin (the OpenID round trip, the app's pages), as in the OIDC and grades journeys. */
const WAIT_MS = 20_000
const PHONE = { width: 375, height: 812 }
const CHILD = '王小明'
const CLASS = '三年级(2)班'
/** Unique to this journey: its request is found by it among the demo's. */
const REASON = '发烧38.5度，去医院复查（E2E）'
const COMMENT = '同意，注意休息（E2E）'
const NOTE_SIZE = 16
/** The apps' first directory sync, demo and badges after a fresh start (seconds; more on a loaded machine). */
const APPS_START_MS = 60_000

/** CRC-32 (PNG's chunk checksum; node 20's zlib has none to offer). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const b of bytes) {
    crc ^= b
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A real PNG of `size`×`size` pixels (white with a red cross, a doctor's note as far as the app can tell). */
function notePng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour RGB
  const rows: number[] = []
  const mid = size >> 1
  for (let y = 0; y < size; y++) {
    rows.push(0) // filter: none
    for (let x = 0; x < size; x++) rows.push(...(x === mid || y === mid ? [220, 0, 0] : [255, 255, 255]))
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Tomorrow in China (the app's dates are Asia/Shanghai dates whatever the machine's zone), YYYY-MM-DD. */
function chinaTomorrow(): string {
  return new Date(Date.now() + 24 * 3600_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })
}

/** Waits until `found` answers something, at most `ms`; `what` names the wait in the failure. */
async function poll<T>(what: string, ms: number, found: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await found()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** The count of 请假审批's red dot in the portal's red-dot answer for `token` (0 without a dot). */
async function leaveDot(baseUrl: string, token: string): Promise<number> {
  const r = await api<{ dots: { kind: string; key: string; count: number }[] }>(baseUrl, '/base/api/redot/counts', {
    token,
  })
  assert(r.code === 0, `redot/counts: ${r.msg}`)
  return r.data.dots.find((d) => d.kind === 'app' && d.key === 'leave')?.count ?? 0
}

/** Whether the page is no wider than its viewport (no sideways scroll). */
const fitsWidth = (p: Page) => p.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)

/**
 * Opens 请假审批 by `open` (a tap in the mobile portal, a click in the launcher): a new top-level page on the apps'
 * origin, signed in through the hub's OpenID provider by the portal's session — the portal's password page is never
 * shown on the way.
 */
async function openLeave(portal: Page, appsUrl: string, open: () => Promise<void>): Promise<Page> {
  const seen: string[] = []
  const follow = (p: Page) =>
    p.on('framenavigated', (f) => {
      if (f === p.mainFrame()) seen.push(f.url())
    })
  portal.context().on('page', follow)
  const [opened] = await Promise.all([portal.context().waitForEvent('page', { timeout: WAIT_MS }), open()])
  await opened.waitForURL(`${appsUrl}/leave/**`, { timeout: WAIT_MS })
  await opened.getByTestId('viewer-name').waitFor({ timeout: WAIT_MS })
  portal.context().off('page', follow)
  assert(
    !seen.some((u) => u.includes('/redirect/login')),
    `signed in without the password page: ${JSON.stringify(seen)}`,
  )
  return opened
}

/** The portal's id of the school zhanglaoshi (and 王小明) belong to: its own login address names it. */
async function schoolOrgId(baseUrl: string): Promise<number> {
  const me = await api<{ orgId: number; orgName: string }>(baseUrl, '/base/api/account/user/current/detail', {
    token: await tokenOf(baseUrl, 'zhanglaoshi'),
  })
  assert(me.data.orgName.includes('第一实验小学'), `zhanglaoshi's school: ${me.data.orgName}`)
  return me.data.orgId
}

/**
 * Issue 25 point 6, the leave half (docs/school-apps.md › 请假审批): xiaomingmama, on a 375 px phone, opens 请假审批
 * from the mobile portal's 应用 (OpenID, no second password), asks sick leave for 王小明 for tomorrow with a picture of
 * the doctor's note, and sees it 待审批; zhanglaoshi, 王小明's 班主任, sees the red dot on 请假审批 count it, opens the
 * app from the launcher and approves it with a comment; xiaomingmama finds 请假申请已批准 in the portal's message
 * centre, and its link opens the request 已批准 with the comment. Another parent of the class is never offered 王小明,
 * and the app refuses a request for him made with her session.
 */
test('leave app: xiaomingmama asks leave for 王小明 on a phone; zhanglaoshi approves from the red dot; she sees 已批准 in the message centre; another parent cannot ask for 王小明', async ({
  browser,
  baseUrl,
  appsUrl,
}) => {
  const orgId = await schoolOrgId(baseUrl)
  const teacher = await tokenOf(baseUrl, 'zhanglaoshi')
  // The demo leaves three requests of his class waiting for him (docs/school-apps.md › 请假审批 › Demo); the apps send
  // their badges after their first directory sync, which starts once the portal answers: a journey run first in its
  // lane may get here before that.
  const dotBefore = await poll("the demo's pending requests on the red dot of 请假审批", APPS_START_MS, async () => {
    const n = await leaveDot(baseUrl, teacher)
    return n > 0 ? n : undefined
  })
  const other = await anotherParent(baseUrl, CLASS, CHILD)
  const tomorrow = chinaTomorrow()

  const contexts: BrowserContext[] = []
  const context = async (phone: boolean) => {
    const c = await browser.newContext(
      phone
        ? { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' }
        : { viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
    )
    c.setDefaultTimeout(30_000)
    c.setDefaultNavigationTimeout(30_000)
    contexts.push(c)
    return c
  }
  try {
    // ---- 1. The parent on her phone: the mobile portal's 应用 → 请假审批 → 请假 with a doctor's note → 待审批.
    const phone = await context(true)
    const portal = await phone.newPage()
    const portalErrors = watchPageErrors(portal)
    // messages.e2e (earlier in this lane) made her a member of a second school: the school's own login address
    // signs her in to 第一实验小学 without the organisation choice.
    await portal.goto(`${baseUrl}/#/redirect/login?orgId=${orgId}`)
    await portal.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await portal.getByPlaceholder('请输入密码').fill('Demo@2026')
    await portal.getByRole('button', { name: '登录', exact: true }).click()
    await portal.waitForURL(/#\/portal\//)
    // A phone on the PC home is offered the mobile portal; she takes it.
    await portal.getByTestId('mobile-offer').getByRole('link', { name: '切换到移动版' }).click()
    await portal.waitForURL(/#\/mobile\/home/)
    const home = portal.locator('[data-page="/mobile/home"]')
    await home.getByTestId('mobile-child').getByText(`${CHILD}（${CLASS}）`).waitFor()
    const tile = home.locator('section[data-group] [data-app="请假审批"]')
    await tile.waitFor()
    const app = await openLeave(portal, appsUrl, () => tile.tap())
    const appErrors = watchPageErrors(app)
    assert((await app.getByTestId('viewer-name').innerText()) === '刘女士', 'the app names the parent')
    assert(app.viewportSize()?.width === PHONE.width, `the app opens on the phone: ${app.viewportSize()?.width}`)
    // 王小明's id at the hub, as the app knows him (step 4 asks for him with another parent's session).
    const mine = await app.evaluate(async () => {
      const r = await fetch('/leave/api/home')
      return ((await r.json()) as Env<{ children: { sub: string; name: string }[] }>).data.children
    })
    assert(mine.length === 1 && mine[0].name === CHILD, `her children in the app: ${JSON.stringify(mine)}`)
    const xiaomingSub = mine[0].sub

    await app.getByRole('tab', { name: '请假', exact: true }).waitFor()
    assert(
      (await app.getByRole('tab', { name: '请假', exact: true }).getAttribute('aria-selected')) === 'true',
      'a parent lands on 请假',
    )
    const form = app.locator('form')
    // Her only child is chosen for her.
    await form.locator('.ant-form-item').filter({ hasText: '请假的孩子' }).getByText(`${CHILD}（${CLASS}）`).waitFor()
    for (const [label, value] of [
      ['开始日期', tomorrow],
      ['结束日期', tomorrow],
    ] as const) {
      const input = form.getByRole('textbox', { name: label })
      await input.click()
      await input.fill(value)
      await input.press('Enter')
    }
    await pick(app, form.getByRole('combobox', { name: '开始半天' }), '上午')
    await pick(app, form.getByRole('combobox', { name: '结束半天' }), '下午')
    await pick(app, form.locator('.ant-form-item').filter({ hasText: '请假类型' }).locator('.ant-select'), '病假')
    await form.getByLabel('请假事由').fill(REASON)
    // The doctor's note: a real PNG through the upload button's file input; its preview shows.
    await form.locator('input[type="file"]').setInputFiles({
      name: '病假条.png',
      mimeType: 'image/png',
      buffer: notePng(NOTE_SIZE),
    })
    await form.getByRole('img', { name: '病假条预览' }).waitFor()
    assert(await fitsWidth(app), 'the filled form fits a 375 px phone')
    const [created] = await Promise.all([
      app.waitForResponse((r) => r.url() === `${appsUrl}/leave/api/requests` && r.request().method() === 'POST'),
      form.getByRole('button', { name: '提交申请' }).tap(),
    ])
    const answer = (await created.json()) as Env<{ id: number } | null>
    assert(answer.code === 0 && answer.data, `the request is saved: ${JSON.stringify(answer)}`)
    const requestId = answer.data.id
    await app.getByText('请假申请已提交').waitFor()
    // 我的申请 opens on its own, with the request 待审批.
    await app.waitForURL(/#\/tab\/mine$/)
    const card = app.locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`)
    await card.waitFor()
    const cardText = await card.innerText()
    assert(
      cardText.includes(CHILD) && cardText.includes('待审批') && cardText.includes('病假') && cardText.includes(REASON),
      `我的申请 shows it 待审批: ${cardText}`,
    )
    // 上午 to 下午 of one day: that whole day, one day of leave.
    const day = `${Number(tomorrow.slice(5, 7))}月${Number(tomorrow.slice(8, 10))}日全天（1天）`
    assert(cardText.includes(day), `the card says ${day}: ${cardText}`)
    assert(await fitsWidth(app), '我的申请 fits a 375 px phone')
    appErrors()
    portalErrors()

    // ---- 2. The head teacher: the red dot counts it; from the launcher into 待我审批; 批准 with a comment.
    // The app sends the badge to the hub when the request is saved; the portal's own poll is every minute, so wait
    // for the hub's count and then load the portal, which reads it at once.
    let dotNow = dotBefore
    await poll('the red dot of 请假审批 counts the new request', WAIT_MS, async () => {
      dotNow = await leaveDot(baseUrl, teacher)
      return dotNow === dotBefore + 1 ? true : undefined
    }).catch((e: Error) => {
      throw new Error(`${e.message} (${dotBefore} before, ${dotNow} now)`)
    })
    const desk = await context(false)
    const teacherPortal = await desk.newPage()
    const teacherErrors = watchPageErrors(teacherPortal)
    await signIn(teacherPortal, baseUrl, 'zhanglaoshi')
    const count = String(dotBefore + 1)
    // 常用 (the demo gives him 请假审批 there) and the launcher both show the count.
    const oftenTrigger = teacherPortal.getByTestId('often-use-trigger')
    await oftenTrigger.click()
    const often = teacherPortal.getByTestId('often-use')
    await often.locator(`[data-app="leave"] [data-red-dot="${count}"]`).waitFor()
    await oftenTrigger.click()
    await often.waitFor({ state: 'detached' })
    const launcherTile = (await openLauncher(teacherPortal)).locator('[data-app="leave"]')
    await launcherTile.locator(`[data-red-dot="${count}"]`).waitFor()
    const desk1 = await openLeave(teacherPortal, appsUrl, () => launcherTile.locator('.zx-app-open').click())
    const deskErrors = watchPageErrors(desk1)
    assert((await desk1.getByTestId('viewer-name').innerText()) === '张老师', 'the app names the teacher')
    assert(
      (await desk1.getByRole('tab', { name: '待我审批' }).getAttribute('aria-selected')) === 'true',
      'a teacher lands on 待我审批',
    )
    const pending = desk1.locator(`[data-testid="leave-request"][data-request-id="${requestId}"]`)
    await pending.waitFor()
    // The dot counts exactly what waits for him.
    const waiting = await desk1.getByTestId('leave-request').count()
    assert(waiting === dotBefore + 1, `待我审批 lists ${waiting}, the red dot said ${dotBefore + 1}`)
    const pendingText = await pending.innerText()
    assert(
      pendingText.includes(CHILD) && pendingText.includes(REASON) && pendingText.includes('申请人：刘女士'),
      `待我审批 shows her request: ${pendingText}`,
    )
    await pending.getByRole('button', { name: '批准', exact: true }).click()
    const dialog = desk1.locator('.ant-modal').filter({ hasText: '批准请假' })
    await atRest(dialog)
    await dialog.getByLabel('审批意见（选填）').fill(COMMENT)
    await dialog.getByRole('button', { name: '批准', exact: true }).click()
    await desk1.locator('.ant-message').getByText('已批准').waitFor()
    await pending.waitFor({ state: 'detached' })
    // Decided, it no longer waits for him: the dot falls back.
    await poll('the red dot falls back after the decision', WAIT_MS, async () =>
      (await leaveDot(baseUrl, teacher)) === dotBefore ? true : undefined,
    )
    deskErrors()
    teacherErrors()

    // ---- 3. The parent again: the bell → the message centre → 请假申请已批准 → the request, 已批准 with the comment.
    // Back on the mobile portal, opened afresh (the bell polls every minute; a phone coming back reloads the page).
    await portal.goto(`${baseUrl}/#/mobile/home`)
    await portal.reload()
    const bell = portal.getByTestId('message-bell').first()
    await bell.waitFor()
    await poll('the bell counts an unread message', WAIT_MS, async () =>
      Number(await bell.getAttribute('data-unread')) > 0 ? true : undefined,
    )
    await bell.tap()
    await portal.waitForURL(/#\/mobile\/messages/)
    const item = portal
      .locator('[data-page="/mobile/messages"]')
      .getByTestId('message-item')
      .filter({ hasText: '请假申请已批准' })
      .filter({ hasText: COMMENT })
    await item.waitFor()
    const content = await item.getByTestId('message-content').innerText()
    assert(content.includes(CHILD) && content.includes('已批准'), `the message says it was approved: ${content}`)
    assert(await fitsWidth(portal), 'the message centre fits a 375 px phone')
    // The message's link is the app's page of the request: it opens in a window of its own, as from the launcher.
    const [detail] = await Promise.all([
      phone.waitForEvent('page', { timeout: WAIT_MS }),
      item.getByTestId('message-content').tap(),
    ])
    const detailErrors = watchPageErrors(detail)
    await detail.waitForURL(`${appsUrl}/leave/#/request/${requestId}`, { timeout: WAIT_MS })
    const sheet = detail.locator('.ant-card').filter({ hasText: `${CHILD}的请假申请` })
    await sheet.waitFor({ timeout: WAIT_MS })
    await sheet.locator('.ant-card-extra').getByText('已批准', { exact: true }).waitFor()
    await sheet.getByText(`批准：${COMMENT}`).waitFor()
    await sheet.getByText(REASON).waitFor()
    // The note she attached, served by the app to her.
    const note = sheet.getByRole('img', { name: '病假条', exact: true })
    await poll('the doctor note shows', WAIT_MS, async () =>
      (await note.evaluate((img) => (img as HTMLImageElement).naturalWidth)) === NOTE_SIZE ? true : undefined,
    )
    assert(await fitsWidth(detail), 'the request fits a 375 px phone')
    detailErrors()
    portalErrors()

    // ---- 4. Another parent of the class: 王小明 is not hers to ask for, in the picker or in the app's API.
    const theirs = await context(false)
    const otherPortal = await theirs.newPage()
    await signInFirstTime(otherPortal, baseUrl, other.userName, 'Parent2026x')
    const otherTile = (await openLauncher(otherPortal)).locator('[data-app="leave"]')
    const otherApp = await openLeave(otherPortal, appsUrl, () => otherTile.locator('.zx-app-open').click())
    const otherErrors = watchPageErrors(otherApp)
    const otherForm = otherApp.locator('form')
    const picker = otherForm.locator('.ant-form-item').filter({ hasText: '请假的孩子' }).locator('.ant-select')
    await picker.click()
    const list = otherApp.locator('.ant-select-dropdown:visible')
    await atRest(list)
    const offered = (await list.locator('.ant-select-item-option').allInnerTexts()).map((t) => t.trim())
    assert(
      JSON.stringify(offered.map((t) => t.replace(/（.*）$/, '')).sort()) ===
        JSON.stringify(other.children.map((c) => c.trueName).sort()),
      `the picker offers her children only: ${JSON.stringify(offered)}`,
    )
    assert(!offered.some((t) => t.includes(CHILD)), `the picker does not offer ${CHILD}`)
    await otherApp.keyboard.press('Escape')
    const refused = await otherApp.evaluate(
      async ({ childSub, date }) => {
        const r = await fetch('/leave/api/requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            childSub,
            startDate: date,
            startHalf: 'am',
            endDate: date,
            endHalf: 'pm',
            type: 'personal',
            reason: '家中有事',
          }),
        })
        return { status: r.status, body: (await r.json()) as { code: number; msg: string; data: unknown } }
      },
      { childSub: xiaomingSub, date: tomorrow },
    )
    assert(
      refused.status === 403 &&
        refused.body.code === 403 &&
        refused.body.msg === '只能为自己的孩子请假' &&
        refused.body.data === null,
      `a request for ${CHILD} with her session is refused: ${JSON.stringify(refused)}`,
    )
    assert(!(await otherApp.locator('body').innerText()).includes(CHILD), `her pages never name ${CHILD}`)
    // Nothing was saved for him: his mother's list still has only the approved request for tomorrow.
    const after = await app.evaluate(async () => {
      const r = await fetch('/leave/api/requests/mine')
      return ((await r.json()) as Env<{ id: number; status: string }[]>).data
    })
    assert(
      after.filter((r) => r.status === 'pending').length === 0,
      `no request waits for ${CHILD}: ${JSON.stringify(after)}`,
    )
    otherErrors()
  } finally {
    for (const c of contexts) await c.close().catch(() => {})
  }
})
