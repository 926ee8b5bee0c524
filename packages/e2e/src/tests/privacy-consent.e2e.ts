import type { BrowserContext, Locator, Page } from 'playwright-core'
import { api, assert, test, tokenOf, watchPageErrors } from '../harness.js'

const PHONE = { width: 375, height: 812 }
const CHILD = '王小明'
/** Every wait of this journey on the phone. */
const WAIT_MS = 20_000

interface Directory {
  items: { name?: string; sub: string; deleted?: boolean }[]
  next_cursor: string | null
}

/** Every student name the app's server reads from the directory (its own client-credentials token), page by page. */
async function studentNames(baseUrl: string, token: string, schoolId: number): Promise<string[]> {
  const names: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const q: string = `school_id=${schoolId}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
    const r = await api<Directory>(baseUrl, `/open/v1/students?${q}`, { token })
    assert(r.code === 0, `directory read: ${r.msg}`)
    names.push(...r.data.items.flatMap((i) => (i.name ? [i.name] : [])))
    cursor = r.data.next_cursor
    if (!cursor) break
  }
  return names
}

/** Presses a two-character antd button, which antd may render with a space between the characters. */
const button = (scope: Locator | Page, name: string) =>
  scope
    .getByRole('button', { name: [...name].join(' '), exact: true })
    .or(scope.getByRole('button', { name, exact: true }))
    .first()

/**
 * Issue 26 point 5 (docs/privacy.md "Consent"): the bureau registers a third-party app (the default kind) with server
 * credentials; its directory read leaves 王小明 out. xiaomingmama, on a 375 px phone, opens 我的 → 孩子的授权, gives
 * 向第三方应用提供孩子的信息 for that app after a confirmation that names the purpose and the notice version; the app's
 * next read includes 王小明. She withdraws; the next read leaves him out again. Then the same on the PC portal's
 * 个人中心, card 孩子的授权: given there (the history says 电脑端), the app reads him; withdrawn, it does not.
 */
test('privacy consent: xiaomingmama gives and withdraws a third-party app on the phone and on PC; the directory follows', async ({
  browser,
  baseUrl,
}) => {
  const admin = await tokenOf(baseUrl, 'jyjadmin')
  const school = await api<{ orgId: number; tenantId: number }>(baseUrl, '/base/api/account/user/current/detail', {
    token: await tokenOf(baseUrl, 'xxadmin'),
  })
  const appName = `课后托管E2E${Math.random().toString(36).slice(2, 6)}`
  const uniqueId = `e2e_consent_${Math.random().toString(36).slice(2, 8)}`
  const saved = await api<number>(baseUrl, '/base/mobileApp/save', {
    token: admin,
    body: {
      name: appName,
      uniqueId,
      reqUri: `/dynamic/${uniqueId}`,
      entryUrl: 'https://vendor.example.com/',
      userTypes: [1004],
    },
  })
  assert(saved.code === 0, `app save: ${saved.msg}`)
  // No childrenData: a new app is a third-party app.
  const client = await api<{
    client: { clientId: string; childrenData: string }
    secret: { clientSecret: string } | null
  }>(baseUrl, '/base/api/app/client/save', {
    token: admin,
    body: {
      appId: saved.data,
      protocol: 'oidc',
      redirectUris: ['https://vendor.example.com/callback'],
      clientCredentials: true,
      scopes: ['profile', 'zx:school', 'directory'],
    },
  })
  assert(client.code === 0 && client.data.secret, `client save: ${client.msg}`)
  assert(client.data.client.childrenData === 'consent', `a new app is third-party: ${client.data.client.childrenData}`)
  const basic = Buffer.from(`${client.data.client.clientId}:${client.data.secret.clientSecret}`).toString('base64')
  const tokenRes = await fetch(`${baseUrl}/t/${school.data.tenantId}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'directory' }).toString(),
    signal: AbortSignal.timeout(WAIT_MS),
  })
  const appToken = ((await tokenRes.json()) as { access_token?: string }).access_token
  assert(appToken, `the app's token: ${tokenRes.status}`)
  const read = () => studentNames(baseUrl, appToken, school.data.orgId)
  // The app reads the school (its teachers are adults, released as before), but no pupil: every demo pupil is a
  // minor (no birth date counts as one) and no guardian has consented to this app yet.
  const teachers = await api<Directory>(baseUrl, `/open/v1/teachers?school_id=${school.data.orgId}`, {
    token: appToken,
  })
  assert(teachers.code === 0 && teachers.data.items.length > 0, `the app reads the school's teachers: ${teachers.msg}`)
  const before = await read()
  assert(!before.includes(CHILD), `${CHILD} is withheld before consent: ${before.length} pupils`)

  const contexts: BrowserContext[] = []
  try {
    const c = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    })
    c.setDefaultTimeout(WAIT_MS)
    contexts.push(c)
    const phone = await c.newPage()
    const errors = watchPageErrors(phone)
    // The school's own login address: messages.e2e leaves her a member of a second school.
    await phone.goto(`${baseUrl}/#/redirect/login?orgId=${school.data.orgId}`)
    await phone.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await phone.getByPlaceholder('请输入密码').fill('Demo@2026')
    await phone.getByRole('button', { name: '登录', exact: true }).click()
    await phone.waitForURL(/#\/portal\//)
    await phone.goto(`${baseUrl}/#/mobile/mine`)
    await phone.locator('[data-page="/mobile/mine"]').getByRole('link', { name: '孩子的授权' }).tap()
    await phone.waitForURL(/#\/mobile\/childConsent/)
    const view = phone.locator('[data-page="/mobile/childConsent"]')
    const item = view.getByTestId('consent-item').filter({ hasText: appName })
    await item.waitFor()
    assert((await item.innerText()).includes('未同意'), `not given yet: ${await item.innerText()}`)

    // Give: the confirmation states the purpose and the notice version.
    await item.getByRole('button', { name: /^同意：/ }).tap()
    const dialog = phone.getByRole('dialog')
    const confirmText = await dialog.getByTestId('consent-confirm').innerText()
    assert(confirmText.includes('向第三方应用提供孩子的信息'), `the confirmation names the purpose: ${confirmText}`)
    assert(confirmText.includes(appName) && confirmText.includes('v1'), `app and notice version: ${confirmText}`)
    await button(dialog, '同意').tap()
    await dialog.waitFor({ state: 'hidden' })
    await item.getByText('已同意').waitFor()
    await view.getByTestId('consent-history-item').filter({ hasText: appName }).first().waitFor()
    const width = await phone.evaluate(() => document.documentElement.scrollWidth)
    assert(width <= PHONE.width, `the page fits 375 px: scrollWidth ${width}`)
    const consented = await read()
    assert(consented.includes(CHILD), `${CHILD} reaches the app once his mother consented: ${consented.join(',')}`)

    // Withdraw: effective on the app's next call.
    await item.getByRole('button', { name: /^撤回同意：/ }).tap()
    await phone.getByRole('dialog').getByRole('button', { name: '撤回同意', exact: true }).tap()
    await item.getByText('未同意').waitFor()
    assert(!(await read()).includes(CHILD), `${CHILD} is withheld again after the withdrawal`)
    errors()

    // ---- The PC portal: 个人中心 → 孩子的授权, the same consent given and withdrawn again.
    const desk = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    })
    desk.setDefaultTimeout(WAIT_MS)
    contexts.push(desk)
    const pc = await desk.newPage()
    const pcErrors = watchPageErrors(pc)
    await pc.goto(`${baseUrl}/#/redirect/login?orgId=${school.data.orgId}`)
    await pc.getByPlaceholder('请输入用户名').fill('xiaomingmama')
    await pc.getByPlaceholder('请输入密码').fill('Demo@2026')
    await pc.getByRole('button', { name: '登录', exact: true }).click()
    await pc.waitForURL(/#\/portal\//)
    await pc.goto(`${baseUrl}/#/oneselfCenter`)
    const card = pc.getByTestId('oneself-child-consent')
    const pcItem = card.getByTestId('consent-item').filter({ hasText: appName })
    await pcItem.getByText('未同意').waitFor()
    await pcItem.getByRole('button', { name: /^同意：/ }).click()
    const pcDialog = pc.getByRole('dialog')
    const pcConfirm = await pcDialog.getByTestId('consent-confirm').innerText()
    assert(pcConfirm.includes(appName) && pcConfirm.includes('v1'), `the PC confirmation: ${pcConfirm}`)
    await button(pcDialog, '同意').click()
    await pcDialog.waitFor({ state: 'hidden' })
    await pcItem.getByText('已同意').waitFor()
    // The newest line of the history is this one, given on the PC.
    await card
      .getByTestId('consent-history-item')
      .filter({ hasText: appName })
      .filter({ hasText: '电脑端' })
      .first()
      .waitFor()
    const onPc = await read()
    assert(onPc.includes(CHILD), `${CHILD} reaches the app once consented on the PC: ${onPc.join(',')}`)
    await pcItem.getByRole('button', { name: /^撤回同意：/ }).click()
    await pc.getByRole('dialog').getByRole('button', { name: '撤回同意', exact: true }).click()
    await pcItem.getByText('未同意').waitFor()
    assert(!(await read()).includes(CHILD), `${CHILD} is withheld again after the withdrawal on the PC`)
    pcErrors()
  } finally {
    for (const c of contexts) await c.close()
  }
})
