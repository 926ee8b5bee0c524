import { CODE_LOGIN_SUCCESS, ErrorCode, Msg, OperationType, SsoErrorCode, SsoMsg, UserType } from '@zhixiao/shared'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
import { hashToken } from '../src/platform/tokens.js'
import {
  call,
  createTestApp,
  login,
  loginToken,
  makePerson,
  makeWorld,
  PASSWORD,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'
import { startTestIdp, walkToCallback, type TestIdp } from './oidc-idp.js'

/**
 * Single sign-on (docs/auth.md): the per-tenant configs of /base/openthirdconfig, OpenID Connect end to end against
 * a real oidc-provider, DingTalk and WeCom against local stand-ins of their documented endpoints, the first-use
 * binding through the password login, the code login and the smartEdu logout and unbinding.
 */
const HOST = 'zx.test'
const CB = (type: string) => `http://${HOST}/base/api/auth/third/callback/${type}`
const CFG = '/base/openthirdconfig'

let t: TestApp
let w: World
let s: Staff
let other: World
let otherStaff: Staff
let idp: TestIdp
let configurer: string
/** A teacher of two schools (the code login's organisation choice). */
let twoOrgs: Awaited<ReturnType<typeof makePerson>>
let single: Awaited<ReturnType<typeof makePerson>>

interface Started {
  url: URL
  state: string
  cookie: string
}

async function thirdUrl(thirdType: string, orgId = w.schoolId, redirect?: string): Promise<Started> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/base/api/auth/third/url?thirdType=${thirdType}&orgId=${orgId}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
    headers: { host: HOST },
  })
  const body = res.json() as { code: number; msg: string; data: { url: string; state: string } }
  if (body.code !== 0) throw new Error(`third/url answered ${JSON.stringify(body)}`)
  const setCookie = String(res.headers['set-cookie'])
  expect(setCookie).toMatch(/^zx_sso=[\w-]+; Path=\/base\/api\/auth; HttpOnly; SameSite=Lax/)
  return { url: new URL(body.data.url), state: body.data.state, cookie: setCookie.split(';')[0]! }
}

async function sso(body: Record<string, unknown>, cookie: string | null) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/base/api/auth/loginByThirdSSO',
    payload: body,
    headers: cookie ? { cookie } : {},
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own shape
  return res.json() as { code: number; msg: string; data: any }
}

/** The whole OIDC round: third/url, the provider (signs in as `sub`), the callback bounce, loginByThirdSSO. */
async function oidcRound(
  sub: string,
  thirdType = 'oidc',
  tamper?: (st: Started, code: string) => Promise<Record<string, unknown> | void>,
) {
  idp.setSubject(sub, `姓名${sub}`)
  const st = await thirdUrl(thirdType)
  const back = await walkToCallback(st.url.href, CB(thirdType))
  // The callback only hands the answer to the web page.
  const bounce = await t.app.inject({ method: 'GET', url: back.pathname + back.search })
  expect(bounce.statusCode).toBe(302)
  const page = new URL(String(bounce.headers.location), 'http://x')
  expect(page.hash.startsWith('#/redirect/thirdLogin?')).toBe(true)
  const q = new URLSearchParams(page.hash.split('?')[1])
  expect(q.get('state')).toBe(st.state)
  const body = { thirdType, token: q.get('code')!, state: q.get('state')!, iss: q.get('iss') }
  const changed = tamper ? await tamper(st, body.token) : undefined
  return sso({ ...body, ...changed }, st.cookie)
}

const bindLogin = (body: Record<string, unknown>, ip = '10.1.0.1', path = 'third/bindLogin') =>
  call(t, { url: `/base/api/auth/${path}`, body: { loginType: 1, version: 2, ...body }, ip })

function server(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const srv = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString()
    })
    req.on('end', () => handler(req, body, res))
  })
  return new Promise<{ base: string; close: () => Promise<void> }>((resolve) =>
    srv.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
        close: () =>
          new Promise((r) => {
            srv.closeAllConnections()
            srv.close(() => r())
          }),
      }),
    ),
  )
}
const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  t = await createTestApp()
  idp = await startTestIdp([
    {
      client_id: 'zx-portal',
      client_secret: 'oidc-secret-1',
      redirect_uris: [CB('oidc')],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    {
      client_id: 'zx-smartedu',
      client_secret: 'edu-secret-1',
      redirect_uris: [CB('smartEdu')],
      post_logout_redirect_uris: ['http://zx.test/'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ])
  w = await makeWorld(t)
  s = await staffOf(t, w)
  other = await makeWorld(t)
  otherStaff = await staffOf(t, other)
  const role = await t.db.tenant(w.tenantId, (trx) =>
    createRole(trx, { code: 'third_cfg', name: '第三方配置', permissions: ['sc_menhu_third_config'] }),
  )
  // The providers are the tenant's: kept from its top org (the bureau) by a holder of the code.
  configurer = await loginToken(
    t,
    (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [role] }],
      })
    ).userName,
  )
  twoOrgs = await makePerson(t, w.tenantId, {
    memberships: [
      { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
    ],
  })
  single = await makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })
})
afterAll(async () => {
  await idp?.close()
  await t?.close()
})

describe('/base/openthirdconfig', () => {
  let id: number
  it('refuses strangers and people without the code', async () => {
    expect((await call(t, { url: `${CFG}/page`, body: {} })).status).toBe(401)
    expect((await call(t, { url: `${CFG}/page`, body: {}, token: s.teacher })).code).toBe(403)
    expect(
      (
        await call(t, {
          url: `${CFG}/add`,
          body: { thirdType: 'oidc', name: 'x', clientId: 'x', clientSecret: 'y', issuer: idp.issuer },
          token: s.teacher,
        })
      ).code,
    ).toBe(403)
    // A school's administrator holds the code but acts for one school only.
    expect(
      await call(t, {
        url: `${CFG}/add`,
        body: { thirdType: 'oidc', name: 'x', clientId: 'x', clientSecret: 'y', issuer: idp.issuer },
        token: s.schoolAdmin,
      }),
    ).toMatchObject({ status: 403, msg: Msg.TOP_ORG_ONLY })
  })

  it('adds a config with its secret sealed, and no answer carries the secret', async () => {
    const missing = await call(t, {
      url: `${CFG}/add`,
      body: { thirdType: 'oidc', name: '统一认证', clientId: 'zx-portal', issuer: idp.issuer },
      token: configurer,
    })
    expect(missing).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: SsoMsg.SECRET_REQUIRED })
    const plainHttp = await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'oidc',
        name: '统一认证',
        clientId: 'zx-portal',
        clientSecret: 's',
        issuer: 'http://idp.example.com',
      },
      token: configurer,
    })
    expect(plainHttp.code).toBe(ErrorCode.BAD_REQUEST)
    const added = await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'oidc',
        name: '统一认证',
        clientId: 'zx-portal',
        clientSecret: 'oidc-secret-1',
        issuer: idp.issuer,
      },
      token: configurer,
    })
    expect(added.code).toBe(0)
    id = added.data
    const got = await call(t, { url: `${CFG}/get?id=${id}`, token: configurer })
    expect(got.data).toMatchObject({
      thirdType: 'oidc',
      name: '统一认证',
      clientId: 'zx-portal',
      hasSecret: true,
      issuer: idp.issuer,
    })
    const page = await call(t, { url: `${CFG}/page`, body: {}, token: configurer })
    expect(page.data.total).toBe(1)
    for (const answer of [got, page, added]) expect(JSON.stringify(answer)).not.toContain('oidc-secret-1')
    const row = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('third_config').select('client_secret_sealed').where('id', '=', id).executeTakeFirstOrThrow(),
    )
    expect(row.client_secret_sealed).not.toContain('oidc-secret-1')
    expect(t.ctx.secrets.open(row.client_secret_sealed!)).toBe('oidc-secret-1')
  })

  it('keeps the stored secret when an update leaves it out, and one config per type', async () => {
    const upd = await call(t, {
      url: `${CFG}/update`,
      body: { id, thirdType: 'oidc', name: '区统一身份认证', clientId: 'zx-portal', issuer: idp.issuer },
      token: configurer,
    })
    expect(upd.code).toBe(0)
    const row = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('third_config')
        .select(['client_secret_sealed', 'name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    )
    expect(row.name).toBe('区统一身份认证')
    expect(t.ctx.secrets.open(row.client_secret_sealed!)).toBe('oidc-secret-1')
    const dup = await call(t, {
      url: `${CFG}/add`,
      body: { thirdType: 'oidc', name: '另一个', clientId: 'a', clientSecret: 'b', issuer: idp.issuer },
      token: configurer,
    })
    expect(dup).toMatchObject({ code: ErrorCode.CONFLICT, msg: SsoMsg.TYPE_TAKEN })
  })

  it('keeps tenants apart', async () => {
    expect((await call(t, { url: `${CFG}/get?id=${id}`, token: otherStaff.bureauAdmin })).code).toBe(404)
    expect((await call(t, { url: `${CFG}/page`, body: {}, token: otherStaff.bureauAdmin })).data.total).toBe(0)
    expect((await call(t, { url: `${CFG}/delete?id=${id}`, token: otherStaff.bureauAdmin })).code).toBe(404)
    expect(
      (
        await call(t, {
          url: `${CFG}/update`,
          body: { id, thirdType: 'oidc', name: 'x', clientId: 'x', issuer: idp.issuer },
          token: otherStaff.bureauAdmin,
        })
      ).code,
    ).toBe(404)
    expect((await call(t, { url: `${CFG}/get?id=${id}`, token: configurer })).data.name).toBe('区统一身份认证')
  })

  it('refreshMenu reads the provider again and says when it cannot be reached', async () => {
    const ok = await call(t, { url: `${CFG}/refreshMenu?id=${id}`, token: configurer })
    expect(ok.data.ok).toBe(true)
    expect(ok.data.endpoints.token_endpoint).toBe(`${idp.issuer}/token`)
    const dead = await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'smartEdu',
        name: '停用的平台',
        clientId: 'x',
        clientSecret: 'y',
        issuer: 'http://127.0.0.1:9',
        status: 1,
      },
      token: configurer,
    })
    const r = await call(t, { url: `${CFG}/refreshMenu?id=${dead.data}`, token: configurer })
    expect(r.data.ok).toBe(false)
    expect(r.data.message).toMatch(/^连接失败/)
    expect((await call(t, { url: `${CFG}/delete?id=${dead.data}`, token: configurer })).code).toBe(0)
    expect((await call(t, { url: `${CFG}/get?id=${dead.data}`, token: configurer })).code).toBe(404)
  })

  it('the login page lists the enabled configs of its tenant only', async () => {
    const list = await call(t, { url: `/base/api/auth/third/list?orgId=${w.schoolId}` })
    expect(list.data).toEqual([{ thirdType: 'oidc', name: '区统一身份认证' }])
    expect((await call(t, { url: `/base/api/auth/third/list?orgId=${other.schoolId}` })).data).toEqual([])
    const refused = await t.app.inject({
      method: 'GET',
      url: `/base/api/auth/third/url?thirdType=dingtalk&orgId=${w.schoolId}`,
    })
    expect(refused.json()).toMatchObject({ code: SsoErrorCode.NOT_CONFIGURED, msg: SsoMsg.NOT_CONFIGURED })
  })
})

describe('OpenID Connect against oidc-provider', () => {
  it('the authorize address carries PKCE (S256), state and nonce', async () => {
    const st = await thirdUrl('oidc')
    expect(st.url.origin).toBe(idp.issuer)
    expect(st.url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(st.url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(st.url.searchParams.get('nonce')).toBeTruthy()
    expect(st.url.searchParams.get('state')).toBe(st.state)
    expect(st.url.searchParams.get('redirect_uri')).toBe(CB('oidc'))
    expect(st.state.startsWith(`t${w.tenantId}.`)).toBe(true)
  })

  it('first use: bind by the password login (its limits apply), then straight in', async () => {
    const first = await oidcRound('alice')
    expect(first.data.operationType).toBe(OperationType.NEED_BIND)
    expect(first.data).toMatchObject({ thirdName: '区统一身份认证', thirdUser: '姓名alice' })
    const ticket = first.data.bindTicket as string

    // Wrong passwords count like any password login: the third asks for the image code.
    for (const [i, op] of [
      [1, OperationType.FAILED],
      [2, OperationType.FAILED],
      [3, OperationType.NEED_CAPTCHA],
    ] as const) {
      const r = await bindLogin({ bindTicket: ticket, userName: single.userName, password: 'Wrong1234' }, `10.2.0.${i}`)
      expect(r.data.operationType).toBe(op)
    }
    const acc = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('failed_count').where('id', '=', single.accountId).executeTakeFirstOrThrow(),
    )
    expect(acc.failed_count).toBe(3)
    // A password login proper now asks for the captcha too: the same counter.
    expect(
      (await login(t, { userName: single.userName, password: PASSWORD }, { ip: '10.2.0.9' })).data.operationType,
    ).toBe(OperationType.NEED_CAPTCHA)
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('account').set({ failed_count: 0 }).where('id', '=', single.accountId).execute(),
    )

    const bound = await bindLogin({ bindTicket: ticket, userName: single.userName, password: PASSWORD })
    expect(bound.data.operationType).toBe(OperationType.SUCCESS)
    expect(
      (await call(t, { url: '/base/api/account/user/current/detail', token: bound.data.userToken })).data.userName,
    ).toBe(single.userName)
    // The ticket was single use.
    expect((await bindLogin({ bindTicket: ticket, userName: single.userName, password: PASSWORD })).code).toBe(
      SsoErrorCode.BIND_TICKET_INVALID,
    )

    const next = await oidcRound('alice')
    expect(next.data.operationType).toBe(OperationType.SUCCESS)
    const me = await call(t, { url: '/base/api/account/user/current/detail', token: next.data.userToken })
    expect(me.data.userName).toBe(single.userName)
    const logged = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('login_log')
        .select(['method', 'success'])
        .where('account_id', '=', single.accountId)
        .where('success', '=', true)
        .execute(),
    )
    expect(logged.some((l) => l.method === 'sso')).toBe(true)
  })

  it('refuses a made-up state, another browser, a reused state, a wrong type and a wrong nonce', async () => {
    idp.setSubject('alice')
    const st = await thirdUrl('oidc')
    const back = await walkToCallback(st.url.href, CB('oidc'))
    const code = back.searchParams.get('code')!
    const iss = back.searchParams.get('iss')
    expect(
      await sso({ thirdType: 'oidc', token: code, state: `t${w.tenantId}.${'A'.repeat(43)}`, iss }, st.cookie),
    ).toMatchObject({ code: SsoErrorCode.STATE_INVALID, msg: SsoMsg.STATE_INVALID })
    // The code planted in another person's browser (no cookie, or theirs): a login CSRF.
    const otherBrowser = await thirdUrl('oidc')
    expect((await sso({ thirdType: 'oidc', token: code, state: st.state, iss }, otherBrowser.cookie)).code).toBe(
      SsoErrorCode.STATE_INVALID,
    )
    // That attempt spent the state: even the right browser cannot use it again.
    expect((await sso({ thirdType: 'oidc', token: code, state: st.state, iss }, st.cookie)).code).toBe(
      SsoErrorCode.STATE_INVALID,
    )

    const typed = await oidcRound('alice', 'oidc', async () => ({ thirdType: 'dingtalk' }))
    expect(typed.code).toBe(SsoErrorCode.STATE_INVALID)

    const nonce = await oidcRound('alice', 'oidc', async (s0) => {
      await t.db.tenant(w.tenantId, (trx) =>
        trx.updateTable('third_state').set({ nonce: 'not-the-nonce' }).where('id', '=', hashToken(s0.state)).execute(),
      )
    })
    expect(nonce).toMatchObject({ code: SsoErrorCode.PROVIDER_FAILED, msg: SsoMsg.PROVIDER_FAILED })

    const late = await oidcRound('alice', 'oidc', async () => {
      t.clock.advance(11 * 60_000)
    })
    expect(late.code).toBe(SsoErrorCode.STATE_INVALID)
  })

  it("an identity of another tenant cannot be bound to this tenant's account", async () => {
    const first = await oidcRound('bob')
    const foreign = await makePerson(t, other.tenantId, {
      memberships: [{ orgId: other.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const r = await bindLogin(
      { bindTicket: first.data.bindTicket, userName: foreign.userName, password: PASSWORD },
      '10.3.0.1',
    )
    expect(r).toMatchObject({ code: ErrorCode.ORG_NOT_MEMBER, msg: SsoMsg.OTHER_TENANT })
    // An account already bound to another identity of this provider is told so.
    const again = await bindLogin(
      { bindTicket: first.data.bindTicket, userName: single.userName, password: PASSWORD },
      '10.3.0.2',
    )
    expect(again).toMatchObject({ code: SsoErrorCode.ALREADY_BOUND, msg: SsoMsg.ALREADY_BOUND })
  })

  it('several organisations: the choice completes by code login, single use and short-lived', async () => {
    const first = await oidcRound('carol')
    const bound = await bindLogin({ bindTicket: first.data.bindTicket, userName: twoOrgs.userName, password: PASSWORD })
    expect(bound.data.operationType).toBe(OperationType.CHOOSE_ORG)
    expect(bound.data.reqId).toMatch(new RegExp(`^t${w.tenantId}\\.`))

    const r = await oidcRound('carol')
    expect(r.data.operationType).toBe(OperationType.CHOOSE_ORG)
    expect(r.data.orgList.map((o: { orgId: number }) => o.orgId).sort()).toEqual([w.schoolId, w.school2Id].sort())
    const { reqId } = r.data
    const code = (body: Record<string, unknown>) =>
      call(t, {
        url: '/base/api/auth/loginByCode',
        body: { coreAccountId: twoOrgs.accountId, reqId, tenantId: w.tenantId, ...body },
      })
    expect((await code({ coreAccountId: single.accountId, orgId: w.school2Id })).code).toBe(SsoErrorCode.REQ_INVALID)
    expect((await code({ tenantId: other.tenantId, orgId: w.school2Id })).code).toBe(SsoErrorCode.REQ_INVALID)
    const ok = await code({ orgId: w.school2Id })
    expect(ok.data).toMatchObject({ state: CODE_LOGIN_SUCCESS, operationType: OperationType.SUCCESS })
    expect(ok.data.token).toBe(ok.data.userToken)
    expect((await call(t, { url: '/base/api/account/user/current/detail', token: ok.data.token })).data.orgId).toBe(
      w.school2Id,
    )
    expect((await code({ orgId: w.school2Id })).code).toBe(SsoErrorCode.REQ_INVALID)

    const r2 = await oidcRound('carol')
    t.clock.advance(121_000)
    expect(
      (
        await call(t, {
          url: '/base/api/auth/loginByCode',
          body: { coreAccountId: twoOrgs.accountId, reqId: r2.data.reqId, tenantId: w.tenantId, orgId: w.schoolId },
        })
      ).code,
    ).toBe(SsoErrorCode.REQ_INVALID)
  })

  it('a disabled account is refused even with a bound identity', async () => {
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('account').set({ status: 1 }).where('id', '=', single.accountId).execute(),
    )
    expect((await oidcRound('alice')).code).toBe(ErrorCode.ACCOUNT_DISABLED)
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('account').set({ status: 0 }).where('id', '=', single.accountId).execute(),
    )
  })
})

describe('smartEdu: logout address and unbinding', () => {
  let person: Awaited<ReturnType<typeof makePerson>>
  let token: string
  beforeAll(async () => {
    await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'smartEdu',
        name: '智慧教育平台',
        clientId: 'zx-smartedu',
        clientSecret: 'edu-secret-1',
        issuer: idp.issuer,
      },
      token: configurer,
    })
    person = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const first = await oidcRound('edu-1', 'smartEdu')
    token = (await bindLogin({ bindTicket: first.data.bindTicket, userName: person.userName, password: PASSWORD })).data
      .userToken
  })

  it('a smartEdu session ends at the platform; a password session has no such address', async () => {
    const r = await call(t, {
      url: `/base/api/auth/third/querySmartEduLogoutUrl?redirectUrl=${encodeURIComponent('http://zx.test/')}`,
      token,
    })
    const u = new URL(r.data.logoutUrl)
    expect(u.href.startsWith(`${idp.issuer}/session/end`)).toBe(true)
    expect(u.searchParams.get('id_token_hint')).toMatch(/^ey/)
    expect(u.searchParams.get('post_logout_redirect_uri')).toBe('http://zx.test/')
    const pwd = await loginToken(t, person.userName)
    expect(
      (await call(t, { url: '/base/api/auth/third/querySmartEduLogoutUrl', token: pwd })).data.logoutUrl,
    ).toBeNull()
    expect((await call(t, { url: '/base/api/auth/third/querySmartEduLogoutUrl' })).status).toBe(401)
  })

  it('unbinds only with the right password; the next sign-in asks to bind again', async () => {
    expect(
      await call(t, {
        url: '/base/api/auth/smartEdu/unbindByPwd',
        body: { password: 'Wrong1234' },
        token,
        ip: '10.4.0.1',
      }),
    ).toMatchObject({ code: ErrorCode.PASSWORD_WRONG })
    expect(
      await call(t, { url: '/base/api/auth/smartEdu/unbindByPwd', body: { password: PASSWORD }, token }),
    ).toMatchObject({ code: 0, msg: SsoMsg.UNBOUND })
    expect(
      await call(t, { url: '/base/api/auth/smartEdu/unbindByPwd', body: { password: PASSWORD }, token }),
    ).toMatchObject({ code: SsoErrorCode.NOT_BOUND })
    expect((await oidcRound('edu-1', 'smartEdu')).data.operationType).toBe(OperationType.NEED_BIND)
  })
})

describe('DingTalk and WeCom against stand-ins of their endpoints', () => {
  let ding: Awaited<ReturnType<typeof server>>
  let wecom: Awaited<ReturnType<typeof server>>
  const seen: string[] = []
  beforeAll(async () => {
    ding = await server((req, body, res) => {
      seen.push(`${req.method} ${req.url}`)
      if (req.method === 'POST' && req.url === '/v1.0/oauth2/userAccessToken') {
        const b = JSON.parse(body) as Record<string, string>
        if (b.clientId !== 'ding-app' || b.clientSecret !== 'ding-secret' || b.grantType !== 'authorization_code')
          return json(res, 400, { code: 'invalidClient', message: 'bad client' })
        if (b.code !== 'ding-code-1') return json(res, 400, { code: 'invalidAuthCode', message: '不合法的临时授权码' })
        return json(res, 200, { accessToken: 'user-at-1', refreshToken: 'rt', expireIn: 7200, corpId: 'ding-corp' })
      }
      if (req.method === 'GET' && req.url === '/v1.0/contact/users/me') {
        if (req.headers['x-acs-dingtalk-access-token'] !== 'user-at-1')
          return json(res, 401, { code: 'InvalidAuthentication', message: 'bad token' })
        return json(res, 200, {
          nick: '钉钉张三',
          unionId: 'union-zhang',
          openId: 'open-zhang',
          mobile: '13800000000',
          stateCode: '86',
        })
      }
      json(res, 404, { code: 'notFound' })
    })
    wecom = await server((req, _body, res) => {
      const u = new URL(req.url!, 'http://x')
      seen.push(`${req.method} ${u.pathname}`)
      if (u.pathname === '/cgi-bin/gettoken') {
        if (u.searchParams.get('corpid') !== 'ww-corp' || u.searchParams.get('corpsecret') !== 'ww-secret')
          return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' })
        return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: 'corp-at-1', expires_in: 7200 })
      }
      if (u.pathname === '/cgi-bin/auth/getuserinfo') {
        if (u.searchParams.get('access_token') !== 'corp-at-1')
          return json(res, 200, { errcode: 40014, errmsg: 'invalid access_token' })
        if (u.searchParams.get('code') === 'ww-member-code')
          return json(res, 200, { errcode: 0, errmsg: 'ok', userid: 'LiSi', user_ticket: 'ticket' })
        if (u.searchParams.get('code') === 'ww-outsider-code')
          return json(res, 200, { errcode: 0, errmsg: 'ok', openid: 'o-outsider' })
        return json(res, 200, { errcode: 40029, errmsg: 'invalid code' })
      }
      json(res, 404, { errcode: 404 })
    })
    await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'dingtalk',
        name: '钉钉登录',
        clientId: 'ding-app',
        clientSecret: 'ding-secret',
        apiBase: ding.base,
        authBase: ding.base,
      },
      token: configurer,
    })
    await call(t, {
      url: `${CFG}/add`,
      body: {
        thirdType: 'wecom',
        name: '企业微信',
        clientId: 'ww-corp',
        clientSecret: 'ww-secret',
        agentId: '1000002',
        apiBase: wecom.base,
        authBase: wecom.base,
      },
      token: configurer,
    })
  })
  afterAll(async () => {
    await ding?.close()
    await wecom?.close()
  })

  it('DingTalk: authorize address, code swap, users/me, bind, then straight in', async () => {
    const st = await thirdUrl('dingtalk')
    expect(st.url.origin + st.url.pathname).toBe(`${ding.base}/oauth2/auth`)
    expect(Object.fromEntries(st.url.searchParams)).toMatchObject({
      client_id: 'ding-app',
      response_type: 'code',
      scope: 'openid',
      state: st.state,
      redirect_uri: CB('dingtalk'),
      prompt: 'consent',
    })
    // DingTalk answers with authCode: the bounce hands it on as code.
    const bounce = await t.app.inject({
      method: 'GET',
      url: `/base/api/auth/third/callback/dingtalk?authCode=ding-code-1&state=${encodeURIComponent(st.state)}`,
    })
    expect(String(bounce.headers.location)).toContain('code=ding-code-1')
    const first = await sso({ thirdType: 'dingtalk', token: 'ding-code-1', state: st.state }, st.cookie)
    expect(first.data).toMatchObject({
      operationType: OperationType.NEED_BIND,
      thirdUser: '钉钉张三',
      thirdName: '钉钉登录',
    })
    expect(seen).toContain('POST /v1.0/oauth2/userAccessToken')
    expect(seen).toContain('GET /v1.0/contact/users/me')
    const person = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    // loginByUserPwdNoOrg: the same binding, picking the first organisation.
    const b = await bindLogin(
      { bindTicket: first.data.bindTicket, userName: person.userName, password: PASSWORD },
      '10.5.0.1',
      'third/loginByUserPwdNoOrg',
    )
    expect(b.data.operationType).toBe(OperationType.SUCCESS)
    const st2 = await thirdUrl('dingtalk')
    const next = await sso({ thirdType: 'dingtalk', token: 'ding-code-1', state: st2.state }, st2.cookie)
    expect(next.data.operationType).toBe(OperationType.SUCCESS)
    const st3 = await thirdUrl('dingtalk')
    expect((await sso({ thirdType: 'dingtalk', token: 'ding-code-wrong', state: st3.state }, st3.cookie)).code).toBe(
      SsoErrorCode.PROVIDER_FAILED,
    )
  })

  it('WeCom: members of the corporation only', async () => {
    const st = await thirdUrl('wecom')
    expect(st.url.origin + st.url.pathname).toBe(`${wecom.base}/wwlogin/sso/login`)
    expect(Object.fromEntries(st.url.searchParams)).toMatchObject({
      login_type: 'CorpApp',
      appid: 'ww-corp',
      agentid: '1000002',
      state: st.state,
      redirect_uri: CB('wecom'),
    })
    const first = await sso({ thirdType: 'wecom', token: 'ww-member-code', state: st.state }, st.cookie)
    expect(first.data).toMatchObject({ operationType: OperationType.NEED_BIND, thirdUser: 'LiSi' })
    expect(seen).toContain('GET /cgi-bin/gettoken')
    expect(seen).toContain('GET /cgi-bin/auth/getuserinfo')
    const st2 = await thirdUrl('wecom')
    expect((await sso({ thirdType: 'wecom', token: 'ww-outsider-code', state: st2.state }, st2.cookie)).code).toBe(
      SsoErrorCode.PROVIDER_FAILED,
    )
  })

  it('the QR login screen offers DingTalk once it is configured', async () => {
    const r = await call(t, { url: `/base/thirdparty/dingtalk/qrcode?orgId=${w.schoolId}` })
    expect(r.data.dingtalkUrl).toBe(`/base/api/auth/third/start?thirdType=dingtalk&tenantId=${w.tenantId}`)
    const start = await t.app.inject({ method: 'GET', url: r.data.dingtalkUrl, headers: { host: HOST } })
    expect(start.statusCode).toBe(302)
    expect(String(start.headers.location).startsWith(`${ding.base}/oauth2/auth?`)).toBe(true)
    expect(String(start.headers['set-cookie'])).toMatch(/^zx_sso=/)
  })
})
