import { startTestIdp } from '../../../server/test/oidc-idp.js'
import { assert, signIn, test, watchPageErrors } from '../harness.js'

const PHONE = { width: 375, height: 812 }

async function orgIdOf(baseUrl: string, userName: string): Promise<number> {
  const login = await fetch(`${baseUrl}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'Demo@2026', loginType: 1, version: 2, needRandomOrg: false }),
  }).then((r) => r.json() as Promise<{ data: { userToken: string } }>)
  const me = await fetch(`${baseUrl}/base/api/account/user/current/detail`, {
    headers: { authorization: `Bearer ${login.data.userToken}` },
  }).then((r) => r.json() as Promise<{ data: { orgId: number } }>)
  return me.data.orgId
}

/**
 * Single sign-on (docs/auth.md): an administrator configures an OpenID Connect provider (a real oidc-provider started
 * here, signing people in without a form) on the 第三方登录配置 screen; on the login page its button goes there and
 * back; the first time the bind page asks for the portal account (on a phone), the next time the provider alone signs in.
 */
test('SSO: OIDC login against a local provider, first time binding an existing account, next time straight in', async ({
  browser,
  baseUrl,
}) => {
  const idp = await startTestIdp([
    {
      client_id: 'zx-e2e',
      client_secret: 'e2e-oidc-secret',
      redirect_uris: [`${baseUrl}/base/api/auth/third/callback/oidc`],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ])
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  const person = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' })
  try {
    idp.setSubject('e2e-zhang', '张老师（统一认证）')
    const page = await admin.newPage()
    const adminErrors = watchPageErrors(page)
    await signIn(page, baseUrl, 'jyjadmin')
    await page.goto(`${baseUrl}/#/menhu-port/thirdConfig`)
    await page.getByRole('button', { name: '新增第三方登录' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('按钮名称').fill('区统一身份认证')
    await dialog.getByLabel('客户端 ID（client_id）').fill('zx-e2e')
    await dialog.getByLabel('客户端密钥（client_secret）').fill('e2e-oidc-secret')
    await dialog.getByLabel('认证服务地址（issuer）').fill(idp.issuer)
    await dialog.getByRole('button', { name: '确定' }).click()
    const row = page.locator('tr', { hasText: '区统一身份认证' })
    await row.waitFor()
    assert((await row.innerText()).includes('已保存'), 'the row says a secret is stored')
    assert(!(await page.content()).includes('e2e-oidc-secret'), 'the secret is not on the page')
    adminErrors()

    const orgId = await orgIdOf(baseUrl, 'zhanglaoshi')
    const phone = await person.newPage()
    const phoneErrors = watchPageErrors(phone)
    await phone.goto(`${baseUrl}/#/redirect/login?orgId=${orgId}`)
    await phone.getByRole('link', { name: '区统一身份认证' }).click()
    // The provider signs in and sends the browser back; a first use lands on the bind page.
    await phone.waitForURL(/#\/bindUser\/index/)
    const who = phone.getByTestId('bind-who')
    assert((await who.innerText()).includes('张老师（统一认证）'), "the bind page names the provider's person")
    const fits = await phone.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)
    assert(fits, 'the bind page fits a 375 px phone')
    await phone.getByLabel('用户名').fill('zhanglaoshi')
    await phone.getByLabel('密码').fill('Wrong@2026')
    await phone.getByRole('button', { name: '绑定并登录' }).click()
    await phone.getByText('用户名或密码错误').waitFor()
    await phone.getByLabel('密码').fill('Demo@2026')
    await phone.getByRole('button', { name: '绑定并登录' }).click()
    await phone.waitForURL(/#\/portal\//)

    // Next time: the provider's session and the binding, nothing to type.
    await person.clearCookies({ name: 'accessToken' })
    await phone.goto(`${baseUrl}/#/redirect/login?orgId=${orgId}`)
    await phone.getByRole('link', { name: '区统一身份认证' }).click()
    // Once, under CI load, this wait timed out; the page was closed before the harness could say where it stood.
    await phone.waitForURL(/#\/portal\//).catch(async (e: Error) => {
      throw new Error(
        `not signed in straight away: the page is at ${phone.url()} showing "${(
          await phone
            .locator('body')
            .innerText({ timeout: 2000 })
            .catch(() => '')
        ).slice(0, 200)}" (${e.message.split('\n')[0]})`,
      )
    })
    const me = await phone.evaluate(async () => {
      const token = decodeURIComponent(/accessToken=([^;]+)/.exec(document.cookie)?.[1] ?? '')
      const r = await fetch('/base/api/account/user/current/detail', { headers: { authorization: `Bearer ${token}` } })
      return ((await r.json()) as { data: { userName: string } }).data.userName
    })
    assert(me === 'zhanglaoshi', `signed in as ${me}`)
    phoneErrors()
  } finally {
    await admin.close()
    await person.close()
    await idp.close()
  }
})

test('SSO: a redirect token that cannot be exchanged shows 非法请求', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await page.goto(`${baseUrl}/?accesstoken=t1.${'x'.repeat(43)}#/redirect/login`)
  const notice = page.getByTestId('startup-notice')
  await notice.waitFor()
  assert((await notice.innerText()) === '非法请求', 'a refused exchange says 非法请求')
  assert(!page.url().includes('accesstoken'), 'the token is gone from the address')
  await page.getByPlaceholder('请输入用户名').waitFor()
})
