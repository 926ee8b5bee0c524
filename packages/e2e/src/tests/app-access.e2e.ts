import { appClientContracts, appContracts, AppClientMsg, Msg, webhookContracts } from '@zhixiao/shared'
import type { Locator, Page } from 'playwright-core'
import { api, assert, signIn, tableRow, test, tokenOf } from '../harness.js'

/**
 * Issue 24 points 3 and 6: the district admin connects an app to the identity hub from 应用管理 — 接入 opens its
 * access settings (protocol, redirect address, grants), the secret shows once, is rotated, the app is suspended and
 * resumed, and its access log opens; a school admin is not offered 接入.
 */

const APP = '接入测试应用'
const LIST = '/#/menhu-appManager/index'

/** Registers the journey's own app as jyjadmin (the bureau, the demo's top org) and answers its id. */
async function registerApp(baseUrl: string, token: string): Promise<number> {
  const r = await api<number>(baseUrl, appContracts.save.path, {
    token,
    // A sub-app route without an entry is 未配置: users are not offered it (the launcher journeys are undisturbed).
    body: { name: APP, uniqueId: 'access_e2e', reqUri: '/accessE2e' },
  })
  assert(r.code === 0, `app registered: ${r.msg}`)
  return r.data
}

/** The 应用管理 row of the journey's app (searched by name). */
async function appRow(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}${LIST}`)
  const screen = page.locator('[data-page="/menhu-appManager/index"]')
  await screen.getByPlaceholder('应用名称或标识').fill(APP)
  await screen.getByPlaceholder('应用名称或标识').press('Enter')
  const row = tableRow(screen, APP)
  await row.waitFor()
  return row
}

/** Opens 接入 on the app's row (by mouse, or by keyboard: focus and Enter); answers the drawer once it is loaded. */
async function openAccess(page: Page, baseUrl: string, keyboard = false): Promise<Locator> {
  const button = (await appRow(page, baseUrl)).getByRole('button', { name: '接入', exact: true })
  if (keyboard) {
    await button.focus()
    await page.keyboard.press('Enter')
  } else await button.click()
  const drawer = page.locator('.zx-app-access .ant-drawer-content-wrapper')
  await drawer.getByRole('button', { name: '保存', exact: true }).waitFor()
  return drawer
}

/** The secret dialog's secret; the dialog is closed with 我已保存 (gone for good). */
async function takeSecret(page: Page): Promise<string> {
  const dialog = page.locator('.ant-modal').filter({ hasText: AppClientMsg.SECRET_ONCE })
  const secret = ((await dialog.getByTestId('client-secret').textContent()) ?? '').trim()
  await dialog.getByRole('button', { name: '我已保存' }).click()
  await dialog.waitFor({ state: 'hidden' })
  return secret
}

/** Confirms the open confirm dialog with `ok`. */
async function confirmWith(page: Page, ok: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm')
  await dialog.getByRole('button', { name: ok, exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
}

test('app access: the bureau admin connects an app by OpenID Connect, sees its secret once, rotates it, suspends and resumes it, reads its log', async ({
  baseUrl,
  newPage,
}) => {
  const token = await tokenOf(baseUrl, 'jyjadmin')
  const appId = await registerApp(baseUrl, token)
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  let drawer = await openAccess(page, baseUrl)

  await drawer.getByRole('radio', { name: 'OpenID Connect' }).check()
  await drawer.getByRole('textbox', { name: '回调地址 1', exact: true }).fill('https://vendor.example/callback')
  // The grant screen shows exactly the claims each scope releases; phone needs the district's own approval.
  const school = drawer.locator('[data-scope="zx:school"]')
  assert(
    (await school.getByTestId('scope-claims').textContent())?.includes('student_no'),
    '在校信息 shows the student_no claim',
  )
  await drawer.locator('[data-scope="phone"]').getByText('需区县单独批准', { exact: true }).waitFor()
  assert(await drawer.getByRole('checkbox', { name: /基本资料/ }).isChecked(), '基本资料 is granted by default')
  await school.getByRole('checkbox').check()
  await drawer.getByRole('button', { name: '保存', exact: true }).click()

  const first = await takeSecret(page)
  assert(first.length === 43, `the secret is 32 random bytes in base64url (${first.length} chars)`)
  const clientId = ((await drawer.getByTestId('client-id').textContent()) ?? '').trim()
  assert(/^zx[0-9a-f]{24}$/.test(clientId), `the client id shows (${clientId})`)
  const issuer = ((await drawer.getByTestId('issuer').textContent()) ?? '').trim()
  assert(issuer.endsWith('/oidc'), `the issuer shows (${issuer})`)
  assert(
    (await drawer.getByTestId('discovery').textContent())?.trim() === `${issuer}/.well-known/openid-configuration`,
    'the discovery address is the issuer’s',
  )
  // What the server keeps: the grant as chosen, and a secret it never answers again.
  const saved = await api(baseUrl, `${appClientContracts.get.path}?appId=${appId}`, { token })
  assert(saved.code === 0 && saved.data.protocol === 'oidc', `saved as OpenID Connect: ${saved.msg}`)
  assert(
    JSON.stringify([...saved.data.scopes].sort()) === JSON.stringify(['profile', 'zx:school']),
    `granted 基本资料 + 在校信息 (${saved.data.scopes})`,
  )
  assert(!JSON.stringify(saved.data).includes(first) && saved.data.hasSecret, 'get answers hasSecret, not the secret')

  // Closed and reopened by keyboard, the drawer shows no secret.
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'hidden' })
  drawer = await openAccess(page, baseUrl, true)
  await drawer.getByTestId('client-id').waitFor()
  assert((await page.getByTestId('client-secret').count()) === 0, 'no secret dialog on reopening')
  assert(!(await page.content()).includes(first), 'the secret is nowhere on the page')
  await drawer.getByText(/已设置.*不再显示/).waitFor()

  await drawer.getByRole('button', { name: '重新生成密钥' }).click()
  await confirmWith(page, '重新生成')
  const second = await takeSecret(page)
  assert(second.length === 43 && second !== first, 'rotation shows a new, different secret')

  await drawer.getByRole('button', { name: '停用', exact: true }).click()
  await confirmWith(page, '停用')
  await page.locator('.zx-app-access .ant-drawer-header').getByText('已停用').waitFor()
  await drawer.getByRole('button', { name: '恢复', exact: true }).click()
  await confirmWith(page, '恢复')
  await page.locator('.zx-app-access .ant-drawer-header').getByText('已停用').waitFor({ state: 'detached' })
  await drawer.getByRole('button', { name: '停用', exact: true }).waitFor()

  // 轮换签名密钥: the tenant's key set gains the new key and still publishes the old one.
  const jwks = async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string }
    return ((await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid)
  }
  const before = await jwks()
  await drawer.getByRole('button', { name: '轮换签名密钥' }).click()
  await confirmWith(page, '轮换')
  await page.locator('.ant-message').getByText('已轮换签名密钥').waitFor()
  const after = await jwks()
  assert(
    after.length === before.length + 1 && before.every((k) => after.includes(k)),
    `a new signing key is published beside the old (${before} → ${after})`,
  )

  // 回调: the subscription saved here is what the server sends to (webhooks.e2e proves a delivery end to end).
  await drawer.getByRole('tab', { name: '回调' }).click()
  const hooks = drawer.getByTestId('webhook-panel')
  await hooks.getByLabel('回调地址').fill('https://hooks.example.com/zhixiao')
  await hooks.getByRole('checkbox', { name: '人员变更' }).check()
  await hooks.getByTestId('webhook-save').click()
  await page.locator('.ant-message').getByText('保存成功').first().waitFor()
  const hook = await api<{ url: string; events: string[] } | null>(
    baseUrl,
    `${webhookContracts.get.path}?appId=${appId}`,
    { token },
  )
  assert(
    hook.data?.url === 'https://hooks.example.com/zhixiao' && hook.data.events.includes('person.changed'),
    `the webhook saved from the panel (${JSON.stringify(hook.data)})`,
  )
  await hooks.getByTestId('webhook-test').click()
  // The ping is queued (and refused by the unreachable address, which the log shows): a row appears.
  await hooks.locator('.ant-table-row').getByText('测试').first().waitFor({ timeout: 15_000 })

  await drawer.getByRole('tab', { name: '访问日志' }).click()
  const log = drawer.getByTestId('access-log')
  await log.locator('thead').getByText('范围').waitFor()
  // Loaded: its rows, or 暂无数据 (the app has signed no one in yet).
  await log.locator('.ant-table-row, .ant-empty').first().waitFor()

  // On a phone the drawer fits the screen: nothing scrolls sideways.
  const phone = await newPage({ width: 375, height: 740 })
  await phone.goto(`${baseUrl}${LIST}?access=${appId}`)
  const small = phone.locator('.zx-app-access .ant-drawer-content-wrapper')
  await small.getByTestId('client-id').waitFor()
  const overflow = await phone.evaluate(() => {
    const body = document.querySelector('.zx-app-access .ant-drawer-body') as HTMLElement
    const wrapper = document.querySelector('.zx-app-access .ant-drawer-content-wrapper') as HTMLElement
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      body: body.scrollWidth - body.clientWidth,
      wrapper: wrapper.getBoundingClientRect().width - window.innerWidth,
    }
  })
  assert(
    overflow.page <= 0 && overflow.body <= 0 && overflow.wrapper <= 0,
    `no horizontal overflow at 375 px (${JSON.stringify(overflow)})`,
  )

  // Leaves nothing behind for the lane's later journeys: its subscription would send every person change (and the
  // ping's retries) to an address that does not resolve, and on a machine whose DNS hangs rather than refuses, each
  // such lookup holds one of the server's few libuv threads until the resolver gives up.
  const removed = await api(baseUrl, `${appContracts.delete.path}?id=${appId}`, { token })
  assert(removed.code === 0, `the journey's app removed: ${removed.msg}`)
})

test('app access: a school admin is not offered 接入, and the server refuses its settings to him', async ({
  baseUrl,
  newPage,
}) => {
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  const list = await api<{ list: { appId: number; name: string }[] }>(baseUrl, appContracts.page.path, {
    token: bureau,
    body: { keyword: '演示子应用', pageIndex: 1, pageSize: 10 },
  })
  const demo = list.data.list.find((a) => a.name === '演示子应用')
  assert(demo, 'the demo sub-application is registered')
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}${LIST}`)
  const screen = page.locator('[data-page="/menhu-appManager/index"]')
  await screen.getByPlaceholder('应用名称或标识').fill('演示子应用')
  await screen.getByPlaceholder('应用名称或标识').press('Enter')
  const row = tableRow(screen, '演示子应用')
  await row.getByRole('button', { name: '编辑', exact: true }).waitFor()
  assert((await row.getByRole('button', { name: '接入', exact: true }).count()) === 0, 'no 接入 for a school admin')
  const school = await tokenOf(baseUrl, 'xxadmin')
  const refused = await api(baseUrl, `${appClientContracts.get.path}?appId=${demo.appId}`, { token: school })
  assert(
    refused.code !== 0 && refused.msg === Msg.TOP_ORG_ONLY,
    `the server refuses a school admin (${refused.code} ${refused.msg})`,
  )
})
