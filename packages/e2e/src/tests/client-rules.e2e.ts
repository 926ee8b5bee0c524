import {
  AppMsg,
  ASSISTANT_DRAWER_WIDTH,
  ASSISTANT_END,
  AssistantMsg,
  isJdMode,
  Msg,
  TOKEN_COOKIE,
} from '@zhixiao/shared'
import type { Page, Route } from 'playwright-core'
import { api, assert, openLauncher as openLauncherOfHeader, signIn, test, watchPageErrors } from '../harness.js'

// Client rules of 000 §3, §5, §6, §8, §9 and 001 §2.6, §5, §9 that no other journey shows: the login store's fields, a
// button the user lacks the code for, the AI helper's drawer, busy rule, stream error and scrolling, the home's content
// blocks, and the header's launcher, IoT tile and 常用 list. Answers that only a broken
// network or a narrower role would give are injected at the network layer (page.route); the rest is real.

/** The persisted login store (docs/auth.md "Client login state"). */
const loginStore = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('zx-login') ?? '{}') as { state?: Record<string, unknown> }).state ?? {},
  )

test('client rules: the login store keeps the 000 §3 fields of the signed-in user', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  const s = await loginStore(page)
  const token = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value
  assert(
    token && s.accessToken === token && s.isLogin === true,
    `token and isLogin: ${String(s.accessToken)} ${String(s.isLogin)}`,
  )
  // Everything else is the server's current user, as user/current/detail answers it.
  const me = await api<{ userInfoId: number; permissions: string[]; currentOrgData: Record<string, unknown> }>(
    baseUrl,
    '/base/api/account/user/current/detail',
    { token },
  )
  const org = me.data.currentOrgData
  const user = s.userInfo as { userInfoId: number }
  assert(user.userInfoId === me.data.userInfoId, 'userInfo is the current user')
  assert(
    me.data.permissions.length > 0 && JSON.stringify(s.adminRealPermissions) === JSON.stringify(me.data.permissions),
    "adminRealPermissions are the user's permissions",
  )
  assert(s.orgCode === org.orgCode && typeof s.orgCode === 'string', `orgCode ${String(s.orgCode)}`)
  assert(
    s.justOneOrgTenant === org.justOneOrgTenant && s.sportSchool === org.sportSchool,
    'justOneOrgTenant and sportSchool follow the org',
  )
  assert(
    s.tenantModuleType === org.tenantModuleType && s.isJdLogin === isJdMode(org.tenantModuleType as number),
    'isJdLogin follows the tenant module type',
  )
  assert((s.orgInfo as { orgId?: number } | null)?.orgId === org.orgId, 'orgInfo is the current org')
  // The pending login holds a password: never written to storage.
  assert(!('temporaryLoginData' in s), 'temporaryLoginData is not persisted')
})

test('client rules: a button the user lacks the code for is dimmed and says 暂无权限 (000 §6, 001 §2.5)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  // xxadmin as a role that has the building page but not the room-type setting.
  await page.route('**/base/api/account/user/current/detail', async (route: Route) => {
    const real = (await (await route.fetch()).json()) as { data: { permissions: string[] } }
    real.data.permissions = real.data.permissions.filter((p) => p !== 'base_room_type')
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(real) })
  })
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-buildLot/roomManage`)
  const screen = page.locator('[data-page="/base-buildLot/roomManage"]')
  const lacking = screen.getByRole('button', { name: '类型设置' })
  const held = screen.getByRole('button', { name: '教室用途' })
  await lacking.waitFor()
  const opacity = (b: typeof lacking) => b.evaluate((el) => Number(getComputedStyle(el).opacity))
  assert(
    (await opacity(lacking)) < 0.5 && (await lacking.getAttribute('aria-disabled')) === 'true',
    'the button without its code is dimmed',
  )
  assert(
    (await opacity(held)) === 1 && (await held.getAttribute('aria-disabled')) === null,
    'a button with its code is not',
  )
  // aria-disabled only: a pointer still reaches it (Playwright's own check would refuse an aria-disabled button).
  await lacking.click({ force: true })
  await page.locator('.ant-message').getByText(Msg.NO_PERMISSION).waitFor()
  assert((await page.locator('.ant-modal:visible').count()) === 0, 'the dimmed button did not open its dialog')
  // The one the user holds does what it says.
  await held.click()
  await page.locator('.ant-modal:visible').first().waitFor()
  errors()
})

/** The AI reply's stream: the events, then the end marker. */
const sse = (...texts: string[]) =>
  [
    ...texts.map((t) => `data: ${JSON.stringify({ type: 'delta', content: t })}\n\n`),
    `data: ${ASSISTANT_END}\n\n`,
  ].join('')

test('client rules: the AI helper is 800 wide, refuses a second question while answering, says 网络错误 when the stream breaks, and follows the reply only near the bottom (000 §5, §8, §9)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  // Each chat-stream call is held until the test answers it (or breaks it).
  const waiting: Route[] = []
  await page.route('**/chat-stream', (route) => {
    waiting.push(route)
  })
  const nextCall = async () => {
    // Bounded: at most 10 s for the call to reach the network.
    for (let i = 0; i < 100 && waiting.length === 0; i++) await page.waitForTimeout(100)
    const r = waiting.shift()
    assert(r, 'the question was sent to chat-stream')
    return r
  }
  await signIn(page, baseUrl, 'zhanglaoshi')
  await page.getByTestId('assistant-open').click()
  const drawer = page.getByTestId('assistant-drawer')
  const messages = page.getByTestId('assistant-messages')
  await messages.getByText('您好，有什么可以帮到您？').waitFor()
  const width = (await drawer.boundingBox())?.width ?? 0
  assert(
    Math.round(width) === ASSISTANT_DRAWER_WIDTH && ASSISTANT_DRAWER_WIDTH === 800,
    `the drawer is 800 wide on a 1440 screen (${width})`,
  )

  // A question while the reply is still coming: 正在对话中，请等待, and the second is not sent.
  const input = page.getByTestId('assistant-input')
  await input.fill('第一个问题')
  await page.getByTestId('assistant-send').click()
  const first = await nextCall()
  await input.fill('第二个问题')
  await page.getByTestId('assistant-send').click()
  await page.locator('.ant-message').getByText(AssistantMsg.BUSY).waitFor()
  assert(
    (await page.getByTestId('assistant-right').count()) === 1,
    'the second question was not added while the first is answered',
  )
  assert(waiting.length === 0, 'the second question was not sent')

  // The broken stream: the reply says 网络错误，请稍后再试！ and so does the message.
  await first.abort('connectionreset')
  await page.locator('.ant-message').getByText(AssistantMsg.STREAM_ERROR).waitFor()
  await page.getByTestId('assistant-left').last().getByText(AssistantMsg.STREAM_ERROR).waitFor()
  assert(AssistantMsg.STREAM_ERROR === '网络错误，请稍后再试！', "the stream error message is the spec's")

  // A long reply, read at the bottom: the list follows it to its end.
  const long = Array.from({ length: 80 }, (_, i) => `第${i + 1}行说明。\n`)
  const ended = page.locator('[data-testid="assistant-input"][placeholder="对话已结束"]')
  const gap = () => messages.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  await input.fill('第三个问题')
  await page.getByTestId('assistant-send').click()
  await (await nextCall()).fulfill({ status: 200, contentType: 'text/event-stream', body: sse(...long) })
  await ended.waitFor()
  assert(
    (await page.getByTestId('assistant-left').last().textContent())?.includes('第80行说明。'),
    'the whole reply is shown',
  )
  assert((await gap()) <= 1, `the list followed the reply to its end (${await gap()} px short)`)

  // Scrolled up more than 100 px while a reply comes: the reader is left where they are.
  await page.getByTestId('assistant-restart').click()
  await input.fill('第四个问题')
  await page.getByTestId('assistant-send').click()
  const fourth = await nextCall()
  await messages.evaluate((el) => {
    el.scrollTop = 0
    el.dispatchEvent(new Event('scroll'))
  })
  await fourth.fulfill({ status: 200, contentType: 'text/event-stream', body: sse(...long.map((l) => `再${l}`)) })
  await ended.waitFor()
  assert(
    (await page.getByTestId('assistant-left').last().textContent())?.includes('再第80行说明。'),
    'the whole second reply is shown',
  )
  assert((await messages.evaluate((el) => el.scrollTop)) === 0, 'a reader scrolled up is not pulled down')
  errors()
})

/** A picture that needs no network: a flat SVG of `fill`. */
const picture = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240"><rect width="400" height="240" fill="${fill}"/></svg>`)}`

test("client rules: the home's content blocks render at their sizes: carousel, video cover until clicked, rich text, swiper, QR 134 (001 §2.6, §3, §9)", async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  // The teacher's home answers with one block of each content kind, as a school administrator could configure them.
  const base = { status: 0, sort: 0 }
  const modules = [
    {
      ...base,
      id: 9001,
      type: 'carousel',
      title: '',
      span: 24,
      settings: {
        speed: 3000,
        picList: [{ id: 'p1', decryUrl: picture('#1677ff'), link: null, descType: 1, descContent: '校园一角' }],
      },
    },
    {
      ...base,
      id: 9002,
      type: 'video',
      title: '宣传片',
      span: 12,
      settings: {
        videoUrl_decode: `${baseUrl}/e2e-video.mp4`,
        faceUrl_decode: picture('#52c41a'),
        autoPlayMode: 1,
        descType: 1,
        descContent: '学校宣传片',
      },
    },
    {
      ...base,
      id: 9003,
      type: 'text',
      title: '校训',
      span: 12,
      settings: { text: '<p>博学<b data-e2e="bold">笃行</b></p>' },
    },
    {
      ...base,
      id: 9004,
      type: 'swiper',
      title: '风采',
      span: 16,
      settings: {
        speed: 2000,
        gap: 24,
        items: [
          { title: '运动会', imageUrl: picture('#faad14'), link: null },
          { title: '艺术节', imageUrl: picture('#eb2f96'), link: null },
        ],
      },
    },
    {
      ...base,
      id: 9005,
      type: 'qr',
      title: '扫码关注',
      span: 8,
      settings: { text: 'https://m.example.cn/school', tip: '微信扫一扫' },
    },
  ]
  await page.route('**/getModuleLayout?*', async (route: Route) => {
    const real = (await (await route.fetch()).json()) as { data: Record<string, unknown> }
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ...real, data: { ...real.data, modules } }),
    })
  })
  await signIn(page, baseUrl, 'zhanglaoshi')
  const blocks = page.getByTestId('portal-blocks')
  const box = async (selector: string) => {
    const b = await blocks.locator(selector).first().boundingBox()
    assert(b, `${selector} is shown`)
    return { w: Math.round(b.width), h: Math.round(b.height) }
  }

  // Carousel: the block's own picture with its caption, 320 high, full width (span 24, no card).
  const slide = blocks.locator('[data-block="carousel"] .zx-carousel-item.is-active .zx-carousel-slide')
  await slide.getByText('校园一角').waitFor()
  assert(
    (await slide.locator('img').getAttribute('src')) === picture('#1677ff'),
    "the carousel shows the block's picture",
  )
  assert(
    (await box('[data-block="carousel"] .zx-carousel-item.is-active .zx-carousel-slide')).h === 320,
    'the carousel is 320 high',
  )
  // Spans out of 24: the 12-column video block is half the 24-column carousel's width (the gutter aside).
  const full = await box('[data-block-type="carousel"]')
  const half = await box('[data-block-type="video"]')
  assert(Math.abs(half.w - full.w / 2) <= 16, `span 12 is half of span 24 (${half.w} of ${full.w})`)

  // Video, autoplay mode 1: the cover and a play icon, no player, until clicked; 16:9.
  const video = blocks.locator('[data-block="video"]')
  assert((await video.locator('video').count()) === 0, 'mode 1 does not start the video')
  assert(
    (await video.locator('.zx-video').getAttribute('style'))?.includes('background-image'),
    'mode 1 shows the cover',
  )
  await video.getByText('学校宣传片').waitFor()
  const frame = await box('[data-block="video"] .zx-video')
  assert(Math.abs(frame.w / frame.h - 16 / 9) < 0.02, `the video is 16:9 (${frame.w}x${frame.h})`)
  await video.getByTestId('video-play').click()
  assert(
    (await video.locator('video').getAttribute('src')) === `${baseUrl}/e2e-video.mp4`,
    'clicking the cover starts the video',
  )

  // Rich text: the stored html, rendered.
  await blocks.locator('[data-block="text"] b[data-e2e="bold"]').getByText('笃行').waitFor()

  // Swiper: 200 x 120 pictures with their titles.
  await blocks.locator('[data-block="swiper"]').getByText('运动会').first().waitFor()
  const item = await box('[data-block="swiper"] .zx-swiper-item img')
  assert(item.w === 200 && item.h === 120, `swiper pictures are 200x120 (${item.w}x${item.h})`)

  // QR widget: 134 px, with its tip.
  const qr = blocks.locator('[data-block="qr"]')
  await qr.getByText('微信扫一扫').waitFor()
  const code = await box('[data-block="qr"] .ant-qrcode')
  assert(code.w === 134 && code.h === 134, `the QR widget is 134 (${code.w}x${code.h})`)
  errors()
})

test('client rules: the launcher offers 导航栏展示 only when users may customise, saves the choice, and says so when no group has an app (001 §2.6)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  let customise = false
  await page.route('**/base/configMgr/getMHSysConfig?*', async (route: Route) => {
    const real = (await (await route.fetch()).json()) as { data: Record<string, unknown> | null }
    const data =
      real.data && 'hasUserDefined' in real.data
        ? { ...real.data, hasUserDefined: customise, hasMultiple: true }
        : real.data
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, data }) })
  })
  // The personal choice is answered here, so the demo teacher's stored preference stays as seeded.
  const saved: unknown[] = []
  await page.route('**/base/configMgr/setMHPersonalConfig', async (route: Route) => {
    saved.push(route.request().postDataJSON())
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: '操作成功', data: null }),
    })
  })
  await signIn(page, baseUrl, 'zhanglaoshi')
  const openLauncher = () => openLauncherOfHeader(page)
  let launcher = await openLauncher()
  assert((await launcher.getByText('导航栏展示').count()) === 0, '导航栏展示 is hidden while users may not customise')

  customise = true
  await page.reload()
  launcher = await openLauncher()
  const setting = launcher.locator('.zx-launcher-setting')
  await setting.getByText('导航栏展示').waitFor()
  assert(await setting.getByRole('radio', { name: '多个应用' }).isChecked(), '多个应用 is the configured default')
  await setting.getByText('单个应用').click()
  for (let i = 0; i < 50 && saved.length === 0; i++) await page.waitForTimeout(100)
  assert(
    JSON.stringify(saved) === JSON.stringify([{ name: 'mh_personal_config', hasMultiple: false }]),
    `the choice is saved: ${JSON.stringify(saved)}`,
  )

  // Groups that hold nothing to open are not listed; with none left the launcher says why it is empty.
  await page.route('**/base/mobileAppGroup/getAppGroupList?*', async (route: Route) => {
    const real = (await (await route.fetch()).json()) as { data: { appList: unknown[] }[] }
    assert(real.data.length > 0, 'the teacher has app groups')
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ...real, data: real.data.map((g) => ({ ...g, appList: [] })) }),
    })
  })
  await page.reload()
  launcher = await openLauncher()
  await launcher.getByTestId('app-launcher-empty').getByText(AppMsg.EMPTY_LAUNCHER).waitFor()
  assert(
    (await launcher.locator('.zx-launcher-group').count()) === 0 &&
      (await launcher.locator('.zx-launcher-groups button').count()) === 0,
    'no empty group is listed',
  )
  errors()
})

test('client rules: the IoT tile says 暂无权限 with no entry the user holds; 常用 scrolls past 9 entries (001 §5, §9)', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  await page.route('**/base/configMgr/getMHSysConfig?*', async (route: Route) => {
    const real = (await (await route.fetch()).json()) as { data: Record<string, unknown> | null }
    const data =
      real.data && 'hasUserDefined' in real.data ? { ...real.data, lotPlatform: true, hasOftenUse: true } : real.data
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, data }) })
  })
  // The teacher holds no IoT entry.
  await page.route('**/base/api/dataCenter/iotMenu', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: '', data: [] }),
    }),
  )
  // 常用 holds `count` copies of one of the teacher's real apps.
  let count = 9
  await page.route('**/base/oftenUse/selectOftenUseAppList', async (route: Route) => {
    const groups = (await (
      await page.request.get(
        `${baseUrl}/base/mobileAppGroup/getAppGroupList?appType=3&filter=1&showDefaultGroup=true`,
        {
          headers: {
            authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value ?? ''}`,
          },
        },
      )
    ).json()) as { data: { appList: Record<string, unknown>[] }[] }
    const app = groups.data.flatMap((g) => g.appList)[0]
    assert(app, 'the teacher has an app to copy')
    const rows = Array.from({ length: count }, (_, i) => ({
      ...app,
      appId: 900_000 + i,
      uniqueId: `e2e_often_${i}`,
      name: `常用应用${i + 1}`,
      hasCollect: true,
    }))
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 0, msg: '', data: rows }),
    })
  })
  await signIn(page, baseUrl, 'zhanglaoshi')

  await page.getByTestId('tile-iot').click()
  await page.locator('.ant-message').getByText(Msg.NO_PERMISSION).waitFor()

  const list = page.getByTestId('often-use').locator('.zx-often-list')
  const scrolls = () =>
    list.evaluate(
      (el) =>
        el.classList.contains('scroll') &&
        getComputedStyle(el).overflowY === 'auto' &&
        el.scrollHeight > el.clientHeight,
    )
  await page.getByTestId('often-use-trigger').click()
  await list.getByText('常用应用9').waitFor()
  assert(
    !(await scrolls()) && !(await list.evaluate((el) => el.classList.contains('scroll'))),
    '9 entries show without a scroll bar',
  )
  count = 10
  await page.reload()
  await page.getByTestId('often-use-trigger').click()
  await list.getByText('常用应用10').waitFor()
  assert(await scrolls(), '10 entries scroll')
  errors()
})
