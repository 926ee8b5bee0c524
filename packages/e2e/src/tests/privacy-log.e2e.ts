import type { BrowserContext } from 'playwright-core'
import { api, assert, pick, tableRow, test, tokenOf, watchPageErrors } from '../harness.js'

const PHONE = { width: 375, height: 812 }
const CHILD = '王小明'
/** xiaomingmama's name in the demo (db/seed/demo.ts), his mother. */
const MUM = '刘女士'
/** Unique to this journey: its reveal is found by it in the log. */
const REASON = '核对学籍信息（E2E）'

/**
 * Issue 26 point 3 (docs/privacy.md "Access log and reveal"): xxadmin opens 王小明's detail page and reveals his
 * guardians with a reason; the view and the reveal are in the 个人信息访问日志 of the admin side. xiaomingmama finds
 * both with xxadmin's name and org (not the reason) on the portal's PC 个人中心, card 谁查看了孩子的信息, and on a
 * 375 px phone in the mobile portal's 我的 → 谁查看了孩子的信息, on a page no wider than the phone. Revealing the
 * guardians showed her own phone, so her own access is logged as well (the admin log has a line naming her).
 */
test("privacy log: xxadmin opens 王小明's detail; xiaomingmama sees the view in 谁查看了孩子的信息 on PC and phone", async ({
  browser,
  baseUrl,
}) => {
  const adminToken = await tokenOf(baseUrl, 'xxadmin')
  const me = await api<{ trueName: string; orgId: number; orgName: string }>(
    baseUrl,
    '/base/api/account/user/current/detail',
    { token: adminToken },
  )
  const page = await api<{ list: { id: number; trueName: string }[] }>(baseUrl, '/base/api/userInfo/studentInfo/page', {
    token: adminToken,
    body: { keyword: CHILD, pageIndex: 1, pageSize: 20 },
  })
  const child = page.data.list.find((s) => s.trueName === CHILD)
  assert(child, `${CHILD} in xxadmin's school: ${page.msg}`)

  const contexts: BrowserContext[] = []
  const context = async (phone: boolean) => {
    const c = await browser.newContext(
      phone
        ? { viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' }
        : { viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
    )
    c.setDefaultTimeout(30_000)
    contexts.push(c)
    return c
  }
  try {
    // ---- 1. xxadmin opens the student's detail page, then finds the view in the access log.
    const desk = await (await context(false)).newPage()
    const deskErrors = watchPageErrors(desk)
    await desk.goto(`${baseUrl}/#/redirect/login`)
    await desk.getByPlaceholder('请输入用户名').fill('xxadmin')
    await desk.getByPlaceholder('请输入密码').fill('Demo@2026')
    await desk.getByRole('button', { name: '登录', exact: true }).click()
    await desk.waitForURL(/#\/(portal|base-)/)
    await desk.goto(`${baseUrl}/#/base-userAccount/studentDetail?id=${child.id}`)
    const detail = desk.locator('[data-page="/base-userAccount/studentDetail"]')
    await detail.getByText(CHILD).first().waitFor()
    // 查看完整信息: his guardians as bound (relation, name, phone), with a reason (logged as a reveal).
    await detail.getByRole('button', { name: '查看完整信息' }).click()
    const dialog = desk.getByRole('dialog', { name: '查看完整信息' })
    await pick(desk, dialog.getByLabel('字段'), '亲属关系')
    await dialog.getByLabel('查看原因').fill(REASON)
    await dialog
      .getByRole('button', { name: '查 看' })
      .or(dialog.getByRole('button', { name: '查看' }))
      .click()
    const revealed = await dialog.getByTestId('revealed-value').innerText()
    assert(/^亲属关系：母亲 \S+/.test(revealed), `his guardians are shown: ${revealed}`)
    await dialog
      .getByRole('button', { name: '关 闭' })
      .or(dialog.getByRole('button', { name: '关闭' }))
      .first()
      .click()
    await desk.goto(`${baseUrl}/#/base-privacyLog/index`)
    const log = desk.locator('[data-page="/base-privacyLog/index"]')
    await log.getByRole('heading', { name: '个人信息访问日志' }).waitFor()
    const row = tableRow(log, CHILD).filter({ hasText: '查看详情' }).first()
    await row.waitFor()
    const rowText = await row.innerText()
    assert(rowText.includes(me.data.trueName), `the log row names xxadmin (${me.data.trueName}): ${rowText}`)
    assert(rowText.includes('身份证号'), `the log row names the fields: ${rowText}`)
    const revealRow = tableRow(log, REASON).first()
    await revealRow.waitFor()
    assert((await revealRow.innerText()).includes('查看完整信息'), 'the reveal is logged with its reason')
    // The reveal showed his mother (her name, relation and phone): she has a line of her own.
    const mumRow = tableRow(log, REASON).filter({ hasText: MUM }).first()
    await mumRow.waitFor()
    assert(!(await mumRow.innerText()).includes(CHILD), `the mother's line is hers: ${await mumRow.innerText()}`)
    deskErrors()

    // ---- 2. xiaomingmama on the PC portal: 个人中心 → 谁查看了孩子的信息.
    const pc = await (await context(false)).newPage()
    const pcErrors = watchPageErrors(pc)
    await pc.goto(`${baseUrl}/#/redirect/login?orgId=${me.data.orgId}`)
    await pc.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await pc.getByPlaceholder('请输入密码').fill('Demo@2026')
    await pc.getByRole('button', { name: '登录', exact: true }).click()
    await pc.waitForURL(/#\/portal\//)
    await pc.goto(`${baseUrl}/#/oneselfCenter`)
    const card = pc.getByTestId('oneself-child-access')
    await card.getByText('谁查看了孩子的信息').first().waitFor()
    const pcItem = card
      .getByTestId('child-access-item')
      .filter({ hasText: me.data.trueName })
      .filter({ hasText: '查看详情' })
      .first()
    await pcItem.waitFor()
    const pcText = await pcItem.innerText()
    assert(pcText.includes(me.data.orgName), `the PC item names xxadmin's org (${me.data.orgName}): ${pcText}`)
    assert(pcText.includes('身份证号'), `the PC item names the fields: ${pcText}`)
    await card
      .getByTestId('child-access-item')
      .filter({ hasText: me.data.trueName })
      .filter({ hasText: '查看完整信息' })
      .first()
      .waitFor()
    assert(!(await card.innerText()).includes(REASON), 'the reveal reason stays with the admins (PC)')
    pcErrors()

    // ---- 3. xiaomingmama on her phone: 我的 → 谁查看了孩子的信息.
    const phone = await (await context(true)).newPage()
    const phoneErrors = watchPageErrors(phone)
    // The school's own login address: no organisation choice even if she belongs to a second school.
    await phone.goto(`${baseUrl}/#/redirect/login?orgId=${me.data.orgId}`)
    await phone.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await phone.getByPlaceholder('请输入密码').fill('Demo@2026')
    await phone.getByRole('button', { name: '登录', exact: true }).click()
    await phone.waitForURL(/#\/portal\//)
    await phone.goto(`${baseUrl}/#/mobile/mine`)
    const mine = phone.locator('[data-page="/mobile/mine"]')
    await mine.getByRole('link', { name: '谁查看了孩子的信息' }).tap()
    await phone.waitForURL(/#\/mobile\/childAccess/)
    const view = phone.locator('[data-page="/mobile/childAccess"]')
    const item = view
      .getByTestId('child-access-item')
      .filter({ hasText: me.data.trueName })
      .filter({ hasText: '查看详情' })
      .first()
    await item.waitFor()
    const itemText = await item.innerText()
    assert(itemText.includes(me.data.orgName), `the item names xxadmin's org (${me.data.orgName}): ${itemText}`)
    assert(itemText.includes('身份证号'), `the item names the fields: ${itemText}`)
    await view
      .getByTestId('child-access-item')
      .filter({ hasText: me.data.trueName })
      .filter({ hasText: '查看完整信息' })
      .first()
      .waitFor()
    // The reason is staff's note, not shown to the parent.
    assert(!(await view.innerText()).includes(REASON), 'the reveal reason stays with the admins')
    // Nothing sticks out of the phone's width.
    const width = await phone.evaluate(() => document.documentElement.scrollWidth)
    assert(width <= PHONE.width, `the page fits 375 px: scrollWidth ${width}`)
    phoneErrors()
  } finally {
    for (const c of contexts) await c.close()
  }
})
