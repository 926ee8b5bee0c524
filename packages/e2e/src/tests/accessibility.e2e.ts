import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults } from 'axe-core'
import type { Locator, Page } from 'playwright-core'
import {
  api,
  assert,
  atRest,
  openLauncher as openLauncherOfHeader,
  openUserMenu,
  signIn,
  test,
  tokenOf,
  type E2EContext,
} from '../harness.js'

/**
 * Issue 22 points 12 and 15: the main pages pass axe-core's WCAG 2.1 A and AA rules at a desktop and a phone width,
 * the user menu, a dialog and the launcher work by keyboard alone, and a parent's launcher shows only groups with
 * something to open. axe is injected by the test only; the app never ships it.
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]

/** The page at rest: no spinner spinning and no antd enter animation running (a fading colour is no contrast). */
async function settled(page: Page): Promise<void> {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 15_000 })
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  )
}

/** Runs axe over the page (WCAG 2.0/2.1 A and AA) and answers every violation with its elements, '' when none. */
async function axeViolations(page: Page, label: string): Promise<string> {
  await settled(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  )
  const lines = result.violations.flatMap((v) => [
    `${v.id} (${v.impact ?? ''}): ${v.help}`,
    ...v.nodes
      .slice(0, 8)
      .map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`),
    ...(v.nodes.length > 8 ? [`    … and ${v.nodes.length - 8} more`] : []),
  ])
  return result.violations.length
    ? `${label}: ${result.violations.length} axe violation(s)\n  ${lines.join('\n  ')}`
    : ''
}

/**
 * Each page of `visits` at both widths, one after another in the signed-in user's page: `go` brings it to the state
 * to check. Answers the violations found (noViolations fails on them at the end, so one run shows all there is to fix).
 */
async function checkPages(
  ctx: E2EContext,
  userName: string | null,
  visits: [label: string, go: (page: Page) => Promise<void>][],
): Promise<string[]> {
  const found: string[] = []
  for (const viewport of WIDTHS) {
    const context = await ctx.browser.newContext({ viewport, locale: 'zh-CN' })
    try {
      const page = await context.newPage()
      if (userName) await signIn(page, ctx.baseUrl, userName)
      for (const [label, go] of visits) {
        try {
          await go(page)
        } catch (e) {
          throw new Error(`${label} at ${viewport.width} px, page at ${page.url()}: ${String(e)}`, { cause: e })
        }
        found.push(await axeViolations(page, `${label} at ${viewport.width} px`))
      }
    } finally {
      await context.close()
    }
  }
  return found.filter(Boolean)
}

function noViolations(found: string[]): void {
  assert(found.length === 0, `${found.length} page(s) with axe violations:\n${found.join('\n')}`)
}

/** Goes to `path` and waits for its page (data-page) to show `text`. */
const visit = (base: string, path: string, text: string) => async (page: Page) => {
  await page.goto(`${base}/#${path}`)
  await page.locator(`[data-page="${path}"]`).getByText(text).first().waitFor()
}

/** Opens the header's launcher; on a phone it is in the header's drawer (components HeaderBar), opened first. */
async function openLauncher(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').waitFor()
  const menuButton = page.getByTestId('header-menu-button')
  if (await menuButton.isVisible()) {
    await menuButton.click()
    await atRest(page.locator('.ant-drawer').filter({ has: page.getByTestId('header-drawer') }))
  }
  return openLauncherOfHeader(page)
}

test("accessibility: the login page, a teacher's portal home, launcher, personal centre, password dialog and mobile home have no axe violations at 1440 and 375 px", async (ctx) => {
  const base = ctx.baseUrl
  const found = await checkPages(ctx, null, [
    [
      'login',
      async (page) => {
        await page.goto(`${base}/#/redirect/login`)
        await page.getByPlaceholder('请输入用户名').waitFor()
      },
    ],
  ])
  found.push(
    ...(await checkPages(ctx, 'zhanglaoshi', [
      [
        'portal home',
        async (page) => {
          await page.goto(`${base}/#/portal/home`)
          await page.getByTestId('user-menu').waitFor()
        },
      ],
      [
        'launcher',
        async (page) => {
          await openLauncher(page)
        },
      ],
      [
        'change-password dialog',
        async (page) => {
          // A fresh home: the launcher (and on a phone the header's drawer) of the step before is closed.
          await page.reload()
          await (await openUserMenu(page)).getByRole('menuitem', { name: '修改密码', exact: true }).click()
          await atRest(page.locator('.ant-modal').filter({ hasText: '修改密码' }))
        },
      ],
      [
        'personal centre',
        async (page) => {
          await page.goto(`${base}/#/oneselfCenter`)
          await page.locator('[data-page="/oneselfCenter"]').waitFor()
        },
      ],
      [
        'mobile home',
        async (page) => {
          await page.goto(`${base}/#/mobile/home`)
          await page.locator('[data-page="/mobile/home"]').waitFor()
        },
      ],
    ])),
  )
  noViolations(found)
})

test("accessibility: the school admin's teachers, students, roles, portal config and rooms pages, the add-teacher form, a teacher's masked detail and edit form have no axe violations at 1440 and 375 px", async (ctx) => {
  const base = ctx.baseUrl
  // A generated teacher with a phone: his detail and edit form show it masked with 查看 and the hint (issue 26 point 2).
  const token = await tokenOf(base, 'xxadmin')
  const masked = await api<{ list: { id: number; trueName: string }[] }>(base, '/base/api/userInfo/teacherInfo/page', {
    token,
    body: { keyword: '139', pageIndex: 1, pageSize: 1 },
  })
  const teacher = masked.data.list[0]
  assert(teacher, `a generated teacher with a phone: ${masked.msg}`)
  noViolations(
    await checkPages(ctx, 'xxadmin', [
      ['teachers', visit(base, '/base-userAccount/teachers', '新增教师')],
      [
        'add teacher',
        async (page) => {
          await page.getByRole('button', { name: '新增教师' }).click()
          await atRest(page.locator('.ant-modal, .ant-drawer').filter({ hasText: '新增教师' }).first())
        },
      ],
      ['students', visit(base, '/base-userAccount/students', '新增学生')],
      ['roles', visit(base, '/roles-roleManage', '角色')],
      ['portal config', visit(base, '/menhu-port/maintain/mainPage', '门户')],
      ['rooms', visit(base, '/base-buildLot/roomManage', '明德楼')],
      [
        'teacher detail (masked)',
        async (page) => {
          await page.goto(`${base}/#/base-userAccount/teacherDetail?id=${teacher.id}`)
          await page
            .locator('[data-page="/base-userAccount/teacherDetail"]')
            .getByRole('button', { name: '查看完整手机号' })
            .waitFor()
        },
      ],
      [
        'edit teacher (masked)',
        async (page) => {
          await visit(base, '/base-userAccount/teachers', '新增教师')(page)
          const list = page.locator('[data-page="/base-userAccount/teachers"]')
          await list.getByPlaceholder(/姓名/).fill(teacher.trueName)
          await list.getByPlaceholder(/姓名/).press('Enter')
          await page
            .locator('.ant-table-row')
            .filter({ hasText: teacher.trueName })
            .first()
            .getByRole('button', { name: '编辑' })
            .click()
          await atRest(page.locator('.ant-modal').filter({ hasText: '编辑教师' }).first())
        },
      ],
    ]),
  )
})

test("accessibility: a parent's launcher shows only groups with an app to open, or says what will appear there; it, her home and her mobile home have no axe violations", async (ctx) => {
  noViolations(
    await checkPages(ctx, 'xiaomingmama', [
      [
        'parent launcher',
        async (page) => {
          const launcher = await openLauncher(page)
          assert(
            (await launcher.getByText('暂无应用', { exact: true }).count()) === 0,
            "no group of the parent's launcher says 暂无应用",
          )
          const groups = launcher.locator('.zx-launcher-group')
          for (let i = 0; i < (await groups.count()); i++) {
            assert(
              (await groups.nth(i).locator('[data-app]').count()) > 0,
              `group ${i + 1} of the parent's launcher has an app to open`,
            )
          }
          if ((await groups.count()) === 0)
            await launcher.getByTestId('app-launcher-empty').getByText('学校开通应用后，会显示在这里').waitFor()
        },
      ],
      [
        'parent personal home',
        async (page) => {
          await page.goto(`${ctx.baseUrl}/#/portal/personal`)
          await page.getByTestId('user-menu').waitFor()
        },
      ],
      [
        'parent mobile home',
        async (page) => {
          await page.goto(`${ctx.baseUrl}/#/mobile/home`)
          await page.locator('[data-page="/mobile/home"]').getByTestId('mobile-child').waitFor()
        },
      ],
    ]),
  )
})

test("accessibility: retention (jyjadmin), guardians' requests (xxadmin) and a parent's 更正或删除孩子的信息 have no axe violations at 1440 and 375 px", async (ctx) => {
  const base = ctx.baseUrl
  const found = await checkPages(ctx, 'jyjadmin', [
    ['retention', visit(base, '/base-privacyLog/retention', '离校人员')],
    ['rollover', visit(base, '/base-schoolYear/rollover', '新建结转计划')],
  ])
  found.push(
    ...(await checkPages(ctx, 'xxadmin', [['requests', visit(base, '/base-privacyLog/requests', '家长信息申请')]])),
    ...(await checkPages(ctx, 'xiaomingmama', [
      ['parent requests', visit(base, '/mobile/childRequests', '提交申请')],
      ['parent personal centre', visit(base, '/oneselfCenter', '更正或删除孩子的信息')],
    ])),
  )
  noViolations(found)
})

/** The element that has the focus, described by its test id, role and text (for the messages). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el
      ? `${el.tagName.toLowerCase()} testid=${el.getAttribute('data-testid') ?? ''} role=${el.getAttribute('role') ?? ''} “${(el.textContent ?? '').trim().slice(0, 30)}”`
      : 'nothing'
  })

/** Presses Tab until the element matching `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached the element; the focus is on ${await focused(page)}`)
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement)

test('keyboard: the user menu opens from the keyboard, its items are reached with the arrows, Escape closes it back to its button, and 修改密码 opens and closes back to it', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')
  await page.goto(`${baseUrl}/#/portal/home`)
  const trigger = page.getByTestId('user-menu')
  await trigger.waitFor()
  // The visible name is part of the button's accessible name (WCAG 2.5.3).
  await page.getByRole('button', { name: '张老师' }).and(trigger).waitFor()
  await page.mouse.move(0, 0)
  await tabTo(page, trigger)
  const menu = page
    .locator('.ant-dropdown:visible')
    .filter({ has: page.getByRole('menuitem', { name: '退出', exact: true }) })
  for (const key of ['Enter', 'ArrowDown', ' ']) {
    await page.keyboard.press(key)
    await atRest(menu)
    assert(
      (await trigger.getAttribute('aria-expanded')) === 'true',
      `${key}: the user menu's button says it is expanded`,
    )
    await page
      .waitForFunction(() => !!document.activeElement?.closest('.ant-dropdown'), undefined, { timeout: 5000 })
      .catch(async () => {
        throw new Error(`${key}: the focus did not move into the user menu; it is on ${await focused(page)}`)
      })
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    assert(
      await isFocused(trigger),
      `${key}, then Escape: the focus is back on the user menu's button, not on ${await focused(page)}`,
    )
  }
  await page.keyboard.press('Enter')
  await atRest(menu)
  const item = menu.getByRole('menuitem', { name: '修改密码', exact: true })
  // The menu takes the focus a frame or a few after it opens, and rc-menu moves it a frame after each arrow: each next
  // arrow waits until the last one has moved it, or it would be pressed on the item before and skip past 修改密码.
  await page.waitForFunction(() => !!document.activeElement?.closest('.ant-dropdown'), undefined, { timeout: 5000 })
  for (let i = 0; i < 12 && !(await isFocused(item)); i++) {
    await page.evaluate(() => document.activeElement?.setAttribute('data-zx-left', ''))
    await page.keyboard.press('ArrowDown')
    await page
      .waitForFunction(() => !document.activeElement?.hasAttribute('data-zx-left'), undefined, { timeout: 2000 })
      .catch(async () => {
        throw new Error(`ArrowDown did not move the focus on from ${await focused(page)}`)
      })
    await page.evaluate(() =>
      document.querySelectorAll('[data-zx-left]').forEach((e) => e.removeAttribute('data-zx-left')),
    )
  }
  assert(await isFocused(item), `the arrows reach 修改密码; the focus is on ${await focused(page)}`)
  await page.keyboard.press('Enter')
  const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' })
  await atRest(dialog)
  await page
    .waitForFunction(() => !!document.activeElement?.closest('.ant-modal'), undefined, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`修改密码 takes the focus; it is on ${await focused(page)}`)
    })
  // The Enter that chose the item is spent on it: it neither opens the menu again nor presses a button of the dialog.
  assert(
    (await trigger.getAttribute('aria-expanded')) === 'false' && !(await menu.isVisible()),
    'the Enter that chose 修改密码 left the user menu shut',
  )
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await page
    .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'user-menu', undefined, {
      timeout: 5000,
    })
    .catch(async () => {
      throw new Error(`closing 修改密码 returns the focus to the user menu's button, not to ${await focused(page)}`)
    })
})

test('keyboard: a dialog opened with Enter closes with Escape and gives the focus back to the button that opened it', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-userAccount/teachers`)
  const add = page.getByRole('button', { name: '新增教师' })
  await add.waitFor()
  await add.focus()
  await page.keyboard.press('Enter')
  const dialog = page.locator('.ant-modal, .ant-drawer').filter({ hasText: '新增教师' }).first()
  await atRest(dialog)
  await page
    .waitForFunction(() => !!document.activeElement?.closest('.ant-modal, .ant-drawer'), undefined, { timeout: 5000 })
    .catch(async () => {
      throw new Error(`the dialog takes the focus; it is on ${await focused(page)}`)
    })
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  await page
    .waitForFunction(
      () => document.activeElement?.textContent?.includes('新增教师') && document.activeElement.tagName === 'BUTTON',
      undefined,
      { timeout: 5000 },
    )
    .catch(async () => {
      throw new Error(`closing the dialog returns the focus to 新增教师, not to ${await focused(page)}`)
    })
})

test('keyboard: the launcher opens from its button, says it is expanded, takes the focus, opens an app with Enter and closes with Escape back to its button', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')
  await page.goto(`${baseUrl}/#/portal/home`)
  const trigger = page.getByTestId('app-launcher-trigger')
  await trigger.waitFor()
  assert(
    (await trigger.getAttribute('aria-expanded')) === 'false',
    'the closed launcher\'s button says aria-expanded="false"',
  )
  await tabTo(page, trigger)
  await page.keyboard.press('Enter')
  const launcher = page.getByTestId('app-launcher')
  await launcher.locator('.zx-launcher-group').first().waitFor()
  assert(
    (await trigger.getAttribute('aria-expanded')) === 'true',
    'the open launcher\'s button says aria-expanded="true"',
  )
  await page
    .waitForFunction(() => !!document.activeElement?.closest('[data-testid="app-launcher"]'), undefined, {
      timeout: 5000,
    })
    .catch(async () => {
      throw new Error(`the launcher takes the focus on opening; it is on ${await focused(page)}`)
    })
  // Tab reaches an app, and its star is a button of its own beside it.
  const app = launcher.locator('[data-app="demo_subapp"]').getByRole('button', { name: '演示子应用', exact: true })
  await tabTo(page, app, 60)
  await page.keyboard.press('Tab')
  assert(
    await isFocused(launcher.locator('[data-app="demo_subapp"]').getByRole('button', { name: /常用 演示子应用/ })),
    `after the app, Tab reaches its star; the focus is on ${await focused(page)}`,
  )
  await page.keyboard.press('Escape')
  await launcher.waitFor({ state: 'hidden' })
  assert(
    (await trigger.getAttribute('aria-expanded')) === 'false',
    'the closed launcher\'s button says aria-expanded="false" again',
  )
  assert(
    await isFocused(trigger),
    `Escape gives the focus back to the launcher's button, not to ${await focused(page)}`,
  )
  // Opened again with Space, an app opens with Enter.
  await page.keyboard.press(' ')
  await tabTo(page, app, 60)
  await page.keyboard.press('Enter')
  await page.locator('iframe[data-app="demo_subapp"]').waitFor()
})
