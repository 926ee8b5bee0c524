import { generateKeyPairSync, sign } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSampleApp, type SampleApp } from '../../sample-app/src/app.js'
import { browserSignIn, makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { createTestApp, type TestApp } from './helpers.js'

/**
 * The sample third-party app (packages/sample-app; docs/open-platform.md) against the real provider: it signs people
 * in with code + PKCE and shows exactly the granted claims, accepts the provider's back-channel logout and refuses a
 * forged one, and reads the directory with a client-credentials token (from a stand-in directory that records the
 * token and can fail, and from the real /open/v1).
 */
let t: TestApp
let base: string
let hw: HubWorld
let issuer: string
let clientId: string
let secret: string
let sample: SampleApp
let directory: { url: string; tokens: string[]; fail: boolean; close: () => Promise<void> }

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port
      s.close(() => resolve(p))
    })
  })

/** A stand-in of the directory API: records the bearer tokens it gets; answers one student, or 500 when told. */
async function directoryStub() {
  const state = { tokens: [] as string[], fail: false }
  const srv = http.createServer((req, res) => {
    state.tokens.push((req.headers.authorization ?? '').replace(/^Bearer /, ''))
    res.writeHead(state.fail ? 500 : 200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify(
        state.fail
          ? { code: 500, msg: '服务器开小差了', data: null }
          : { code: 0, msg: 'ok', data: { items: [{ name: '<李小明>', student_no: 'S20260001' }], next_cursor: null } },
      ),
    )
  })
  const url = await new Promise<string>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`)),
  )
  return Object.assign(state, { url, close: () => new Promise<void>((r) => srv.close(() => r())) })
}

/** A browser at the sample app: its cookie, following its redirects by hand. */
class Browser {
  cookie = ''
  async get(path: string, init: RequestInit = {}) {
    const res = await fetch(new URL(path, sample.url), {
      ...init,
      redirect: 'manual',
      headers: { cookie: this.cookie, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(10_000),
    })
    const set = res.headers.get('set-cookie')
    if (set) this.cookie = set.split(';')[0]!
    return res
  }
  async home() {
    return (await this.get('/')).text()
  }
}

/** Signs `userToken`'s person in to the sample app through the provider and the portal's sign-in hand-over. */
async function signIn(userToken: string): Promise<Browser> {
  const b = new Browser()
  const login = await b.get('/login')
  expect(login.status).toBe(302)
  const authorize = login.headers.get('location')!
  expect(authorize.startsWith(`${issuer}/auth?`)).toBe(true)
  const url = new URL(authorize)
  expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  expect(url.searchParams.get('nonce')).toBeTruthy()
  const f = await browserSignIn(base, authorize, userToken)
  expect(f.redirect?.href.startsWith(`${sample.url}/callback?`), JSON.stringify(f)).toBe(true)
  const back = await b.get(f.redirect!.href)
  expect(back.status, await back.clone().text()).toBe(302)
  return b
}

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  directory = await directoryStub()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const appId = await registerApp(t, hw.w.tenantId, '示例应用', `${url}/login`)
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [`${url}/callback`],
    postLogoutUris: [`${url}/`],
    backchannelLogoutUri: `${url}/backchannel-logout`,
    scopes: ['profile', 'zx:identity', 'zx:school', 'zx:guardian', 'directory'],
    clientCredentials: true,
  })
  clientId = saved.client.clientId
  secret = saved.secret!.clientSecret
  issuer = `${base}/t/${hw.w.tenantId}/oidc`
  sample = await startSampleApp({ issuer, clientId, clientSecret: secret, port, directoryBase: directory.url })
}, 60_000)

afterAll(async () => {
  await sample?.close()
  await directory?.close()
  await t?.close()
})

describe('the sample app', () => {
  it('shows 未登录 and a 登录 link before anyone signs in', async () => {
    const html = await new Browser().home()
    expect(html).toContain('未登录')
    expect(html).toContain('href="/login"')
  })

  it("signs a teacher in and shows zx:school's staff number and classes", async () => {
    const html = await (await signIn(hw.teacher.token)).home()
    expect(html).toContain('已登录')
    expect(html).toContain('王老师')
    expect(html).toMatch(/data-claim="staff_no">T001</)
    expect(html).toContain(`data-claim="class_ids">${hw.classId}<`)
    expect(html).toMatch(/data-claim="user_type">teacher</)
  })

  it("shows a parent's own child with the relation", async () => {
    const html = await (await signIn(hw.parent.token)).home()
    expect(html).toContain('<li>李小明（父亲）</li>')
  })

  it('refuses a callback without its own pending sign-in (state kept server-side)', async () => {
    const res = await new Browser().get('/callback?code=x&state=y')
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('登录请求已失效')
  })

  it('refuses a forged logout token and keeps the session; the real back-channel logout ends it', async () => {
    const b = await signIn(hw.teacher.token)
    // Well-formed, for this app, fresh — but signed with a key that is not the issuer's.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const body = `${part({ alg: 'RS256', kid: 'forged', typ: 'logout+jwt' })}.${part({
      iss: issuer,
      aud: clientId,
      sub: 'anyone',
      iat: now,
      jti: 'j1',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    })}`
    const forged = `${body}.${sign('sha256', Buffer.from(body), privateKey).toString('base64url')}`
    for (const token of [forged, 'not-a-jwt', '']) {
      const res = await fetch(`${sample.url}/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }),
        signal: AbortSignal.timeout(10_000),
      })
      expect(res.status).toBe(400)
    }
    expect(await b.home()).toContain('已登录')
    // The portal's sign-out, at the same origin as the issuer the app trusts.
    const out = await fetch(`${base}/base/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hw.teacher.token}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    })
    expect(((await out.json()) as { code: number }).code).toBe(0)
    expect(await b.home()).toContain('未登录')
  })

  it('reads the directory with a client-credentials token (escaped), and says so when the call fails', async () => {
    directory.fail = false
    const html = await (await new Browser().get('/directory?class_id=7')).text()
    expect(html).toContain('&lt;李小明&gt;（S20260001）')
    const token = directory.tokens.at(-1)!
    const intro = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token }),
      signal: AbortSignal.timeout(10_000),
    }).then((r) => r.json() as Promise<{ active: boolean; client_id: string; scope: string }>)
    expect(intro).toMatchObject({ active: true, client_id: clientId, scope: 'directory' })
    directory.fail = true
    const failed = await (await new Browser().get('/directory')).text()
    expect(failed).toContain('通讯录读取失败：服务器开小差了')
  })

  it("reads the real directory API (/open/v1 at the issuer's origin): the class's student with the granted fields", async () => {
    const real = await startSampleApp({ issuer, clientId, clientSecret: secret, port: await freePort() })
    try {
      const res = await fetch(new URL(`/directory?class_id=${hw.classId}`, real.url), {
        signal: AbortSignal.timeout(10_000),
      })
      const html = await res.text()
      expect(html, html).toContain('data-testid="students"')
      expect(html).toContain('李小明（S20260001）')
      expect(html).not.toContain('王老师')
    } finally {
      await real.close()
    }
  })
})
