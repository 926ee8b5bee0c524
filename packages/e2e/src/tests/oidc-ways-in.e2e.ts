import { Secret, TOTP } from 'otpauth'
import type { BrowserContext, Page } from 'playwright-core'
import { startTestIdp, type TestIdp } from '../../../server/test/oidc-idp.js'
import { api, assert, INITIAL_PASSWORD, latestSmsCode, signIn, test, tokenOf, watchPageErrors } from '../harness.js'
import {
  registerSampleApp,
  SAMPLE_WAIT_MS as WAIT_MS,
  sampleHome,
  unregisterSampleApp,
  type Registered,
} from '../sample-app.js'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }
const totpCode = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })

/** The sample app asks the portal to sign someone in: without a portal session that is the portal's login page. */
async function startAtApp(page: Page, app: Registered): Promise<void> {
  await page.goto(`${app.sample.url}/login`)
  await page.waitForURL(/#\/redirect\/login\?/, { timeout: WAIT_MS })
}

/** The sample app's home once the sign-in came back: signed in, with the claims it received. */
async function signedInTo(page: Page, app: Registered, who: string): Promise<Record<string, string>> {
  const home = await sampleHome(page, app.sample)
  assert(home.state === '已登录', `${who} is signed in to the app: ${home.state}`)
  return home.claims
}

/** The password form of the portal's login page. */
async function typePassword(page: Page, userName: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(userName)
  await page.getByPlaceholder('请输入密码').fill(password)
  await page.getByRole('button', { name: '登录', exact: true }).click()
}

/** The TOTP step of a sign-in: asserts the app has no code yet, then gives `code` (a recovery code when asked). */
async function giveTotp(page: Page, baseUrl: string, code: string, recovery = false): Promise<void> {
  const input = page.getByLabel('两步验证码')
  await input.waitFor({ timeout: WAIT_MS })
  assert(page.url().startsWith(baseUrl), `the app has nothing before the second step (at ${page.url()})`)
  if (recovery) {
    await page.getByRole('button', { name: '无法使用验证器？使用恢复码' }).click()
    await page.getByLabel('恢复码').fill(code)
  } else {
    await input.fill(code)
  }
  // Named by its end (qr-mfa.e2e.ts says why: antd may leave the loading icon's label in front).
  await page.getByRole('button', { name: /验\s?证$/ }).click()
}

/**
 * A teacher of 第一实验小学 added by its administrator (as the school does), with a phone, whose first password
 * change is done: `password` is then hers.
 */
async function addTeacher(
  baseUrl: string,
  schoolAdmin: string,
  p: { trueName: string; userName: string; phone: string; password?: string },
): Promise<void> {
  const added = await api<number>(baseUrl, '/base/api/userInfo/teacherInfo/add', {
    token: schoolAdmin,
    body: { trueName: p.trueName, phone: p.phone, userName: p.userName },
  })
  assert(added.code === 0, `teacher ${p.userName} added: ${added.msg}`)
  if (!p.password) return
  const first = await api<{ mustRstPwdId?: string }>(baseUrl, '/base/api/auth/loginByUserPwd', {
    body: { userName: p.userName, password: INITIAL_PASSWORD, loginType: 1, version: 2, needRandomOrg: false },
  })
  assert(first.data?.mustRstPwdId, `${p.userName} starts on the initial password: ${first.msg}`)
  const changed = await api(baseUrl, '/base/api/account/must/change/default/password', {
    body: { mustRstPwdId: first.data.mustRstPwdId, newPassword: p.password },
  })
  assert(changed.code === 0, `${p.userName}'s password: ${changed.msg}`)
}

/** Enrols the account of `token` in TOTP (the personal centre's calls); the secret and the ten recovery codes. */
async function enrolTotp(baseUrl: string, token: string): Promise<{ secret: string; recovery: string[] }> {
  const start = await api<{ secret: string }>(baseUrl, '/base/api/auth/totp/enrol', { token, body: {} })
  assert(start.code === 0, `TOTP enrolment: ${start.msg}`)
  const done = await api<{ recoveryCodes: string[] }>(baseUrl, '/base/api/auth/totp/confirm', {
    token,
    body: { code: totpCode(start.data.secret, Date.now()) },
  })
  assert(done.code === 0 && done.data.recoveryCodes.length === 10, `TOTP confirmed: ${done.msg}`)
  return { secret: start.data.secret, recovery: done.data.recoveryCodes }
}

const IDP_CLIENT = { id: 'zx-e2e-ways', secret: 'e2e-ways-in-secret' }
const SSO_NAME = '区统一认证（应用登录）'

/**
 * The district's single sign-on at the local provider (the 第三方登录配置 screen's calls, as jyjadmin): one OpenID
 * config per tenant, so an existing one (sso.e2e.ts leaves one) is pointed at this provider and put back afterwards
 * (its name, issuer and client id; the secret it had cannot be read back); a new one is deleted afterwards.
 */
async function useIdp(baseUrl: string, admin: string, idp: TestIdp): Promise<() => Promise<void>> {
  type Row = { id: number; thirdType: string; name: string; clientId: string; issuer: string | null; sort: number }
  const page = await api<{ list: Row[] }>(baseUrl, '/base/openthirdconfig/page', {
    token: admin,
    body: { thirdType: 'oidc' },
  })
  assert(page.code === 0, `third configs: ${page.msg}`)
  const mine = { thirdType: 'oidc', name: SSO_NAME, clientId: IDP_CLIENT.id, clientSecret: IDP_CLIENT.secret }
  const old = page.data.list[0]
  if (old) {
    const r = await api(baseUrl, '/base/openthirdconfig/update', {
      token: admin,
      body: { ...mine, id: old.id, issuer: idp.issuer, sort: old.sort },
    })
    assert(r.code === 0, `third config pointed at the local provider: ${r.msg}`)
    return async () => {
      const back = await api(baseUrl, '/base/openthirdconfig/update', {
        token: admin,
        body: {
          id: old.id,
          thirdType: 'oidc',
          name: old.name,
          clientId: old.clientId,
          issuer: old.issuer,
          sort: old.sort,
        },
      })
      assert(back.code === 0, `third config put back: ${back.msg}`)
    }
  }
  const added = await api<number>(baseUrl, '/base/openthirdconfig/add', {
    token: admin,
    body: { ...mine, issuer: idp.issuer },
  })
  assert(added.code === 0, `third config added: ${added.msg}`)
  return async () => {
    const gone = await api(baseUrl, `/base/openthirdconfig/delete?id=${added.data}`, { token: admin })
    assert(gone.code === 0, `third config deleted: ${gone.msg}`)
  }
}

/**
 * The district's OpenID provider signs people in with every way into the portal (issue 24 point 1): an app's sign-in
 * goes through the portal's own login page, and each way in — the organisation choice (on a 375 px phone), an SMS
 * code, a password with the TOTP step, single sign-on at an outside OpenID provider (first use binding, then straight
 * in, both with the TOTP step) and a QR code a signed-in phone confirms — ends back at the app, signed in as the right
 * person with that person's claims.
 */
test(
  'OIDC sign-in, every way in: org choice at 375 px, SMS code, TOTP, outside SSO with binding, QR code — each back at the app',
  async ({ browser, baseUrl }) => {
    const bureau = await tokenOf(baseUrl, 'jyjadmin')
    const school = await tokenOf(baseUrl, 'xxadmin')
    const contexts: BrowserContext[] = []
    const undo: (() => Promise<void>)[] = []
    const open = async (viewport = DESKTOP, mobile = false) => {
      const c = await browser.newContext({ viewport, locale: 'zh-CN', isMobile: mobile, hasTouch: mobile })
      c.setDefaultTimeout(WAIT_MS)
      contexts.push(c)
      const page = await c.newPage()
      return { page, errors: watchPageErrors(page) }
    }
    try {
      const app = await registerSampleApp(baseUrl, bureau, '示例应用（登录方式）', [
        'profile',
        'zx:identity',
        'zx:school',
      ])
      undo.push(() => unregisterSampleApp(baseUrl, bureau, app))

      // 1. The organisation choice, on a phone: 李老师 teaches at 第一实验小学 (T11903) and 示范区第二中学 (T12901); she
      //    chooses the second, and the app's claims are those of that school.
      {
        const { page, errors } = await open(PHONE, true)
        await startAtApp(page, app)
        await typePassword(page, 'lilaoshi', 'Demo@2026')
        await page.waitForURL(/#\/redirect\/selectOrg/, { timeout: WAIT_MS })
        await page.getByText('示范区第二中学').first().waitFor()
        const fits = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)
        assert(fits, 'the organisation choice fits a 375 px phone')
        await page.getByText('示范区第二中学').first().click()
        await page.getByRole('button', { name: '确定' }).click()
        const claims = await signedInTo(page, app, '李老师')
        assert(claims.name === '李老师', `profile's name: ${claims.name}`)
        assert(claims.staff_no === 'T12901', `the chosen school's staff number: ${JSON.stringify(claims)}`)
        errors()
      }

      // 2. 短信登录: a teacher with a phone signs in by the code the offline outbox holds.
      const smsTeacher = { trueName: '邵老师', userName: 'e2e_oidc_sms', phone: '13600007531' }
      await addTeacher(baseUrl, school, smsTeacher)
      {
        const { page, errors } = await open()
        await startAtApp(page, app)
        await page.getByRole('tab', { name: '短信登录' }).click()
        const form = page.getByTestId('sms-login-form')
        await form.getByLabel('手机号').fill(smsTeacher.phone)
        await form.getByRole('button', { name: '获取验证码' }).click()
        await form.getByText('验证码已发送').waitFor()
        await form.getByLabel('短信验证码').fill(await latestSmsCode(baseUrl))
        await form.getByRole('button', { name: '登录', exact: true }).click()
        const claims = await signedInTo(page, app, smsTeacher.trueName)
        assert(claims.name === smsTeacher.trueName, `signed in as the phone's owner: ${claims.name}`)
        assert(claims.user_type === 'teacher', `zx:identity's user_type: ${claims.user_type}`)
        errors()
      }

      // 3. A password with TOTP enrolled: no code for the app until the second step is given.
      const totpTeacher = {
        trueName: '方老师',
        userName: 'e2e_oidc_totp',
        phone: '13600008642',
        password: 'Oidc2026ways',
      }
      await addTeacher(baseUrl, school, totpTeacher)
      const totp = await enrolTotp(baseUrl, await tokenOf(baseUrl, totpTeacher.userName, totpTeacher.password))
      {
        const { page, errors } = await open()
        await startAtApp(page, app)
        await typePassword(page, totpTeacher.userName, totpTeacher.password)
        // The code of the next 30 s step (the enrolment used this one's): accepted within the one-step window.
        await giveTotp(page, baseUrl, totpCode(totp.secret, Date.now() + 30_000))
        const claims = await signedInTo(page, app, totpTeacher.trueName)
        assert(claims.name === totpTeacher.trueName, `signed in after the TOTP step: ${claims.name}`)
        errors()
      }

      // 4. Single sign-on at an outside OpenID provider, the same teacher (TOTP still asked for): the first time the
      //    bind page takes her portal account, the next time the provider alone — both end at the app.
      const idp = await startTestIdp([
        {
          client_id: IDP_CLIENT.id,
          client_secret: IDP_CLIENT.secret,
          redirect_uris: [`${baseUrl}/base/api/auth/third/callback/oidc`],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ])
      undo.push(() => idp.close())
      undo.push(await useIdp(baseUrl, bureau, idp))
      idp.setSubject('e2e-ways-fang', '方老师（统一认证）')
      {
        const { page, errors } = await open()
        await startAtApp(page, app)
        await page.getByRole('link', { name: SSO_NAME }).click()
        await page.waitForURL(/#\/bindUser\/index/, { timeout: WAIT_MS })
        await page.getByLabel('用户名').fill(totpTeacher.userName)
        await page.getByLabel('密码').fill(totpTeacher.password)
        await page.getByRole('button', { name: '绑定并登录' }).click()
        await giveTotp(page, baseUrl, totp.recovery[0]!, true)
        const claims = await signedInTo(page, app, `${totpTeacher.trueName} (bound)`)
        assert(claims.name === totpTeacher.trueName, `signed in by binding: ${claims.name}`)
        errors()
      }
      {
        const { page, errors } = await open()
        await startAtApp(page, app)
        await page.getByRole('link', { name: SSO_NAME }).click()
        await giveTotp(page, baseUrl, totp.recovery[1]!, true)
        const claims = await signedInTo(page, app, `${totpTeacher.trueName} (by the provider)`)
        assert(claims.name === totpTeacher.trueName, `signed in by the provider alone: ${claims.name}`)
        errors()
      }

      // 5. 扫码登录: 张老师's phone, signed in to the portal, confirms the code the app's sign-in page shows.
      {
        const phone = await open(PHONE, true)
        await signIn(phone.page, baseUrl, 'zhanglaoshi')
        const { page, errors } = await open()
        await startAtApp(page, app)
        await page.getByTestId('qr-switch').click()
        const qrInput = page.getByTestId('qr-url')
        await qrInput.waitFor({ state: 'attached' })
        const qrUrl = await qrInput.inputValue()
        assert(qrUrl.includes('#/mobile/qrLogin?id='), `the QR code holds the mobile confirm page: ${qrUrl}`)
        await phone.page.goto(qrUrl)
        await phone.page.getByRole('button', { name: '确认登录' }).click()
        await phone.page.getByText('已确认登录').waitFor()
        const claims = await signedInTo(page, app, '张老师')
        assert(claims.name === '张老师', `signed in as the phone's person: ${claims.name}`)
        assert(claims.staff_no === 'T11902', `张老师's staff number: ${claims.staff_no}`)
        errors()
        phone.errors()
      }
    } finally {
      for (const c of contexts) await c.close().catch(() => {})
      for (const u of undo.reverse()) await u()
    }
  },
  { timeoutMs: 240_000 },
)
