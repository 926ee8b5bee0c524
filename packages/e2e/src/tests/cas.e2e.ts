import { CasMsg, TOKEN_COOKIE } from '@zhixiao/shared'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { api, assert, freePort, openLauncher, signIn, test, tokenOf, watchPageErrors } from '../harness.js'

const PHONE = { width: 375, height: 812 }

/**
 * A vendor's CAS app on another origin: it validates the ticket it receives at /p3/serviceValidate (format=JSON,
 * server to server, as a CAS client does) and shows who signed in; it keeps the single-logout requests posted to it
 * (the SessionIndex of each: the ticket whose session ended).
 */
async function startCasApp(casBase: string) {
  const port = await freePort()
  const service = `http://127.0.0.1:${port}/library/`
  const loggedOut: string[] = []
  const srv = http.createServer((req, res) => {
    if (req.method === 'POST') {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        const xml = new URLSearchParams(body).get('logoutRequest') ?? ''
        loggedOut.push(/<samlp:SessionIndex>([^<]*)<\/samlp:SessionIndex>/.exec(xml)?.[1] ?? `unreadable: ${xml}`)
        res.end()
      })
      return
    }
    const ticket = new URL(req.url ?? '/', service).searchParams.get('ticket')
    void (async () => {
      let text = '未登录'
      if (ticket) {
        const q = `ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}&format=JSON`
        const r = await fetch(`${casBase}/p3/serviceValidate?${q}`, { signal: AbortSignal.timeout(10_000) })
        const body = (await r.json()) as {
          serviceResponse: { authenticationSuccess?: { user: string; attributes: { name?: string } } }
        }
        const ok = body.serviceResponse.authenticationSuccess
        text = ok ? `已登录：${ok.attributes.name ?? ok.user}` : '票据无效'
      }
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.end(`<!doctype html><meta name="viewport" content="width=device-width"><h1 id="who">${text}</h1>`)
    })().catch(() => {
      res.statusCode = 500
      res.end()
    })
  })
  await new Promise<void>((r) => srv.listen(port, '127.0.0.1', () => r()))
  return {
    service,
    loggedOut,
    port: (srv.address() as AddressInfo).port,
    close: () => new Promise((r) => srv.close(r)),
  }
}

/**
 * CAS (docs/open-platform.md "CAS"): a district admin registers a CAS app; a teacher on a phone opens the app's CAS
 * login, signs in to the portal, comes back to the app with a ticket the app validates; the next time the portal
 * session alone is enough; /cas/logout signs out (single logout to the app) and returns only to a registered service;
 * from the portal's launcher the app opens with a ticket too.
 */
test('CAS: a vendor app signs a teacher in through /cas/login and the portal, on a phone', async ({
  browser,
  baseUrl,
}) => {
  const admin = await tokenOf(baseUrl, 'jyjadmin')
  const teacher = await tokenOf(baseUrl, 'zhanglaoshi')
  const me = await api<{ tenantId: number; trueName: string }>(baseUrl, '/base/api/account/user/current/detail', {
    token: teacher,
  })
  const tenantId = me.data.tenantId
  const app = await startCasApp(`${baseUrl}/t/${tenantId}/cas`)
  const person = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' })
  try {
    const saved = await api<number>(baseUrl, '/base/mobileApp/save', {
      token: admin,
      body: { name: 'CAS图书馆', entryUrl: app.service, appType: 3 },
    })
    assert(saved.code === 0, `app save: ${saved.msg}`)
    const client = await api(baseUrl, '/base/api/app/client/save', {
      token: admin,
      body: {
        appId: saved.data,
        protocol: 'cas',
        casServices: [app.service],
        scopes: ['profile'],
        subjectType: 'public',
      },
    })
    assert(client.code === 0, `client save: ${client.msg}`)

    const phone = await person.newPage()
    const errors = watchPageErrors(phone)
    const login = `${baseUrl}/t/${tenantId}/cas/login?service=${encodeURIComponent(app.service)}`
    await phone.goto(login)
    // Not signed in: the portal's login page, which comes back to the CAS page afterwards.
    await phone.getByPlaceholder('请输入用户名').waitFor()
    const fits = await phone.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) <= innerWidth)
    assert(fits, 'the login page fits a 375 px phone')
    await phone.getByPlaceholder('请输入用户名').fill('zhanglaoshi')
    await phone.getByPlaceholder('请输入密码').fill('Demo@2026')
    await phone.getByRole('button', { name: '登录', exact: true }).click()
    await phone.waitForURL((u) => u.href.startsWith(`${app.service}?ticket=ST-`))
    const who = await phone.locator('#who').innerText()
    assert(who === `已登录：${me.data.trueName}`, `the app validated the ticket: ${who}`)

    // Signed in: straight through to the app with a new ticket.
    await phone.goto(login)
    await phone.waitForURL((u) => u.href.startsWith(`${app.service}?ticket=ST-`))
    assert((await phone.locator('#who').innerText()).startsWith('已登录'), 'the second visit signs in at once')
    const lastTicket = new URL(phone.url()).searchParams.get('ticket')!

    // Signing out through the app (/cas/logout): the portal session ends, the app hears single logout for the
    // tickets it validated under it, and the browser returns to the registered service.
    const session = (await person.cookies(baseUrl)).find((c) => c.name === TOKEN_COOKIE)?.value
    assert(session, 'the phone holds a portal session')
    const logout = (service: string) => `${baseUrl}/t/${tenantId}/cas/logout?service=${encodeURIComponent(service)}`
    await phone.goto(logout(app.service))
    await phone.waitForURL((u) => u.href === app.service)
    assert((await phone.locator('#who').innerText()) === '未登录', 'back at the service, without a ticket')
    assert(app.loggedOut.includes(lastTicket), `single logout named the session's ticket: ${app.loggedOut.join(', ')}`)
    const ended = await api(baseUrl, '/base/api/account/user/current/detail', { token: session })
    assert(ended.code !== 0, `the portal session ended: ${ended.code} ${ended.msg}`)
    await phone.goto(login)
    await phone.getByPlaceholder('请输入用户名').waitFor()
    // An unregistered return address (one character more) is not followed: the page says 已退出 and stays.
    await phone.goto(logout(`${app.service}x`))
    await phone.getByText(CasMsg.LOGGED_OUT).waitFor()
    assert(phone.url().startsWith(baseUrl), `stayed on the portal: ${phone.url()}`)

    // An unregistered service is refused by the server with a Chinese page.
    await phone.goto(`${baseUrl}/t/${tenantId}/cas/login?service=${encodeURIComponent(`${app.service}x`)}`)
    assert((await phone.content()).includes('未在本单位登记'), 'an unregistered service is refused')
    errors()

    // The portal's launcher opens the CAS app at its service with a ticket (not ?accesstoken=).
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
    try {
      const page = await desk.newPage()
      await signIn(page, baseUrl, 'zhanglaoshi')
      const launcher = await openLauncher(page)
      await launcher.getByText('CAS图书馆').click()
      await page.waitForURL((u) => u.href.startsWith(`${app.service}?ticket=ST-`))
      const shown = await page.locator('#who').innerText()
      assert(shown === `已登录：${me.data.trueName}`, `the launcher's ticket validated: ${shown}`)

      // Hosted in the portal's frame (a sub-app route): the frame opens the service with a ticket, and the app
      // validates it like any CAS client — the iframe hand-over is CAS now, not ?accesstoken=.
      const hosted = await api<number>(baseUrl, '/base/mobileApp/save', {
        token: admin,
        body: { name: 'CAS课程中心', reqUri: '/courseCenter', entryUrl: app.service, appType: 3 },
      })
      assert(hosted.code === 0, `hosted app save: ${hosted.msg}`)
      const hostedClient = await api(baseUrl, '/base/api/app/client/save', {
        token: admin,
        body: { appId: hosted.data, protocol: 'cas', casServices: [app.service], scopes: ['profile'] },
      })
      assert(hostedClient.code === 0, `hosted client save: ${hostedClient.msg}`)
      await page.goto(`${baseUrl}/#/courseCenter`)
      const frame = page.locator('iframe.zx-subapp-frame')
      const src = (await frame.getAttribute('src', { timeout: 15_000 })) ?? ''
      assert(src.startsWith(`${app.service}?ticket=ST-`), `the frame opens the service with a ticket: ${src}`)
      const inFrame = await page.frameLocator('iframe.zx-subapp-frame').locator('#who').innerText({ timeout: 15_000 })
      assert(inFrame === `已登录：${me.data.trueName}`, `the framed app validated its ticket: ${inFrame}`)
    } finally {
      await desk.close()
    }
  } finally {
    await person.close()
    await app.close()
  }
})
