import { appGroupContracts, CAS_TICKET_TTL_MS, CasMsg, UserType } from '@zhixiao/shared'
import { create } from 'xmlbuilder2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHubWorld, receiver, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, loginToken, makeWorld, type TestApp } from './helpers.js'

/**
 * The district's CAS 2.0/3.0 server (issue 24 point 2; docs/open-platform.md "CAS"): tickets issued with the portal
 * session for exactly a registered service, validated once at /p3/serviceValidate (XML parsed here with a real XML
 * parser, and JSON), refused when replayed, expired, for another service, another tenant, a suspended app or a user
 * type the app does not admit; the launcher's ticket; single logout when the person signs out of the portal.
 */
const NS = 'http://www.yale.edu/tp/cas'
const NAME = `王<&"'>老师`

let t: TestApp
let hw: HubWorld
let tenantId: number
let appId: number
let app: Awaited<ReturnType<typeof receiver>>
let service: string

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.body, headers: res.headers }
}

/** POST /t/:tenantId/cas/ticket (the /redirect/casLogin page's call): the answer's code, message and ticket. */
async function ask(token: string, svc = service, tenant = tenantId) {
  const r = await call(t, { url: `/t/${tenant}/cas/ticket`, body: { service: svc }, token })
  return { code: r.code, msg: r.msg as string, redirectTo: (r.data?.redirectTo ?? '') as string }
}

/** A ticket for `svc` (the call must succeed). */
async function ticketFor(token: string, svc = service, tenant = tenantId) {
  const r = await ask(token, svc, tenant)
  expect(r.code, r.msg).toBe(0)
  return { redirectTo: r.redirectTo, ticket: new URL(r.redirectTo).searchParams.get('ticket')! }
}

/** The refusal's message (the call must fail). */
async function refusalFor(token: string, svc = service, tenant = tenantId) {
  const r = await ask(token, svc, tenant)
  expect(r.code).not.toBe(0)
  return r.msg
}

/** The few DOM members the tests read (xmlbuilder2's parser builds a W3C DOM). */
interface XmlEl {
  namespaceURI: string | null
  localName: string
  textContent: string | null
  children: ArrayLike<XmlEl>
  getAttribute(name: string): string | null
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlEl>
}
const parseXml = (xml: string) => create(xml).node as unknown as { documentElement: XmlEl } & XmlEl

interface Parsed {
  user?: string
  failure?: { code: string; text: string }
  attributes: Record<string, string[]>
}

/** The answer read with an XML parser (xmlbuilder2's DOM): the user, the failure, and each attribute's values. */
function parseCas(xml: string): Parsed {
  const doc = parseXml(xml)
  expect(doc.documentElement.namespaceURI).toBe(NS)
  expect(doc.documentElement.localName).toBe('serviceResponse')
  const fail = doc.getElementsByTagNameNS(NS, 'authenticationFailure')[0]
  const attributes: Record<string, string[]> = {}
  const attrs = doc.getElementsByTagNameNS(NS, 'attributes')[0]
  for (const c of Array.from(attrs?.children ?? [])) {
    expect(c.namespaceURI).toBe(NS)
    ;(attributes[c.localName] ??= []).push(c.textContent ?? '')
  }
  return {
    user: doc.getElementsByTagNameNS(NS, 'user')[0]?.textContent ?? undefined,
    failure: fail ? { code: fail.getAttribute('code')!, text: fail.textContent ?? '' } : undefined,
    attributes,
  }
}

async function p3(ticket: string, svc = service, tenant = tenantId, path = 'p3/serviceValidate') {
  const r = await get(
    `/t/${tenant}/cas/${path}?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(svc)}`,
  )
  expect(r.status).toBe(200)
  expect(r.headers['content-type']).toContain('xml')
  return { ...parseCas(r.body), raw: r.body }
}

async function accessKinds(forApp = appId) {
  const rows = await t.db.tenant(tenantId, (trx) =>
    trx.selectFrom('app_access_log').select(['kind', 'detail']).where('app_id', '=', forApp).execute(),
  )
  return rows
}

beforeAll(async () => {
  t = await createTestApp()
  hw = await makeHubWorld(t)
  tenantId = hw.w.tenantId
  app = await receiver()
  service = `${app.base}/cas/login?from=portal`
  appId = await registerApp(t, tenantId, '图书馆')
  await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'cas',
    casServices: [service, `${app.base}/other`],
    subjectType: 'public',
    scopes: ['profile', 'zx:identity', 'zx:school', 'zx:guardian', 'zx:roles'],
  })
  // A name that must come back intact through the XML (escaped on the wire).
  await t.db.tenant(tenantId, (trx) =>
    trx.updateTable('user_info').set({ true_name: NAME }).where('id', '=', hw.teacher.userInfoId).execute(),
  )
}, 60_000)

afterAll(async () => {
  await app?.close()
  await t?.close()
})

describe('/cas/login', () => {
  it('hands a registered service to the portal page, with renew and gateway', async () => {
    const r = await get(`/t/${tenantId}/cas/login?service=${encodeURIComponent(service)}&gateway=true`)
    expect(r.status).toBe(303)
    const loc = new URL(r.headers.location as string, 'http://x')
    expect(loc.pathname).toBe('/')
    const q = new URLSearchParams(loc.hash.replace(/^#\/redirect\/casLogin\?/, ''))
    expect(loc.hash.startsWith('#/redirect/casLogin?')).toBe(true)
    expect(q.get('tenantId')).toBe(String(tenantId))
    expect(q.get('service')).toBe(service)
    expect(q.get('gateway')).toBe('1')
    expect(q.get('renew')).toBeNull()
  })

  it('refuses a service that differs by one character, with an escaped Chinese page', async () => {
    const r = await get(`/t/${tenantId}/cas/login?service=${encodeURIComponent(`${service}x<script>`)}`)
    expect(r.status).toBe(400)
    expect(r.headers['content-type']).toContain('text/html')
    expect(r.body).toContain(CasMsg.SERVICE_UNKNOWN)
    expect(r.body).not.toContain('<script>')
    const none = await get(`/t/${tenantId}/cas/login`)
    expect(none.status).toBe(400)
    expect(none.body).toContain(CasMsg.SERVICE_REQUIRED)
  })

  it('answers 404 for an unknown tenant', async () => {
    expect((await get(`/t/999999/cas/login?service=${encodeURIComponent(service)}`)).status).toBe(404)
    expect((await get(`/t/abc/cas/p3/serviceValidate?ticket=ST-x&service=y`)).status).toBe(404)
  })
})

describe('tickets and /p3/serviceValidate', () => {
  it('issues a ticket the app validates once: the user and the granted attributes, escaped by the XML', async () => {
    const got = await ticketFor(hw.teacher.token)
    expect(got.redirectTo.startsWith(`${service}&ticket=ST-`)).toBe(true)
    expect(got.ticket).toMatch(/^ST-[A-Za-z0-9_-]{32,}$/)
    const r = await p3(got.ticket)
    expect(r.failure).toBeUndefined()
    expect(r.user).toBe(String(hw.teacher.userInfoId))
    expect(r.attributes.name).toEqual([NAME])
    expect(r.raw).toContain('&lt;&amp;')
    expect(r.raw).not.toContain(NAME)
    expect(r.attributes.staff_no).toEqual(['T001'])
    expect(r.attributes.user_type).toEqual(['teacher'])
    expect(r.attributes.class_ids).toEqual([String(hw.classId)])
    expect(r.attributes.sub).toEqual([String(hw.teacher.userInfoId)])
    // zx:roles: the role codes of the membership, one repeated attribute.
    expect(r.attributes.roles).toEqual(['teacher'])
    expect(r.attributes.phone_number).toBeUndefined()
    // Replayed: the ticket is spent.
    const again = await p3(got.ticket)
    expect(again.failure?.code).toBe('INVALID_TICKET')
    expect(again.user).toBeUndefined()
    const kinds = (await accessKinds()).map((k) => k.kind)
    expect(kinds).toContain('ticket')
    expect(kinds).toContain('validate')
  })

  it('the 2.0 endpoint answers the same; a parent gets the children flattened', async () => {
    const got = await ticketFor(hw.parent.token)
    const r = await p3(got.ticket, service, tenantId, 'serviceValidate')
    expect(r.user).toBe(String(hw.parent.userInfoId))
    expect(r.attributes.children_sub).toEqual([String(hw.student.userInfoId)])
    expect(r.attributes.children_name).toEqual(['李小明'])
    expect(r.attributes.children_relation).toEqual(['父亲'])
  })

  it('answers JSON with format=JSON', async () => {
    const got = await ticketFor(hw.student.token)
    const q = `ticket=${got.ticket}&service=${encodeURIComponent(service)}&format=JSON`
    const r = await get(`/t/${tenantId}/cas/p3/serviceValidate?${q}`)
    expect(r.headers['content-type']).toContain('application/json')
    const body = JSON.parse(r.body) as {
      serviceResponse: { authenticationSuccess: { user: string; attributes: Record<string, unknown> } }
    }
    expect(body.serviceResponse.authenticationSuccess.user).toBe(String(hw.student.userInfoId))
    expect(body.serviceResponse.authenticationSuccess.attributes.student_no).toBe('S20260001')
    expect(body.serviceResponse.authenticationSuccess.attributes.name).toBe('李小明')
    const replay = JSON.parse((await get(`/t/${tenantId}/cas/p3/serviceValidate?${q}`)).body)
    expect(replay).toEqual({
      serviceResponse: { authenticationFailure: { code: 'INVALID_TICKET', description: expect.any(String) } },
    })
  })

  it('a service differing by one character is INVALID_SERVICE, and the ticket is spent', async () => {
    const got = await ticketFor(hw.teacher.token)
    const wrong = await p3(got.ticket, service.replace('portal', 'portaL'))
    expect(wrong.failure?.code).toBe('INVALID_SERVICE')
    expect((await p3(got.ticket)).failure?.code).toBe('INVALID_TICKET')
    expect((await accessKinds()).some((k) => k.kind === 'refused' && k.detail?.startsWith('INVALID_SERVICE'))).toBe(
      true,
    )
  })

  it('refuses missing parameters, proxy tickets and made-up tickets', async () => {
    expect((await p3('', service)).failure?.code).toBe('INVALID_REQUEST')
    expect((await get(`/t/${tenantId}/cas/p3/serviceValidate?ticket=ST-abc`)).body).toContain('INVALID_REQUEST')
    expect((await p3('PT-1-abcdefghijklmnopqrstuvwxyz0123456789')).failure?.code).toBe('INVALID_TICKET_SPEC')
    expect((await p3(`ST-${'a'.repeat(43)}`)).failure?.code).toBe('INVALID_TICKET')
  })

  it('two racing validations: exactly one wins; a ticket is never a portal once-token', async () => {
    const got = await ticketFor(hw.teacher.token)
    const swap = await call(t, { url: '/base/api/auth/swap/once/token', body: { onceToken: got.ticket } })
    expect(swap.code).not.toBe(0)
    const both = await Promise.all([p3(got.ticket), p3(got.ticket), p3(got.ticket)])
    expect(both.filter((r) => r.user !== undefined)).toHaveLength(1)
    expect(both.filter((r) => r.failure?.code === 'INVALID_TICKET')).toHaveLength(2)
  })

  it('an expired ticket is refused', async () => {
    const got = await ticketFor(hw.teacher.token)
    t.clock.advance(CAS_TICKET_TTL_MS + 1000)
    expect((await p3(got.ticket)).failure?.code).toBe('INVALID_TICKET')
  })

  it("another tenant's endpoint does not know this tenant's ticket", async () => {
    const other = await makeWorld(t)
    const got = await ticketFor(hw.teacher.token)
    expect((await p3(got.ticket, service, other.tenantId)).failure?.code).toBe('INVALID_TICKET')
    // Nothing was spent there: the ticket still validates at its own tenant.
    expect((await p3(got.ticket)).user).toBe(String(hw.teacher.userInfoId))
    // A portal session of this tenant cannot ask another tenant for a ticket.
    expect(await refusalFor(hw.teacher.token, service, other.tenantId)).toBe(CasMsg.OTHER_TENANT)
  })

  it('CAS 1.0 /validate answers yes and the user, or no', async () => {
    const got = await ticketFor(hw.teacher.token)
    const q = (tk: string) => `/t/${tenantId}/cas/validate?ticket=${tk}&service=${encodeURIComponent(service)}`
    expect((await get(q(got.ticket))).body).toBe(`yes\n${hw.teacher.userInfoId}\n`)
    expect((await get(q(got.ticket))).body).toBe('no\n')
  })
})

describe('refusals by the district', () => {
  it('a suspended app: its unused tickets are spent and no new one is issued', async () => {
    const got = await ticketFor(hw.teacher.token)
    const s = await call(t, { url: '/base/api/app/client/suspend', body: { appId }, token: hw.staff.bureauAdmin })
    expect(s.code).toBe(0)
    try {
      expect((await p3(got.ticket)).failure?.code).toBe('INVALID_TICKET')
      expect(await refusalFor(hw.teacher.token)).toBe(CasMsg.SERVICE_UNKNOWN)
      const login = await get(`/t/${tenantId}/cas/login?service=${encodeURIComponent(service)}`)
      expect(login.status).toBe(400)
      const launch = await call(t, { url: '/base/api/app/cas/launch', body: { appId }, token: hw.teacher.token })
      expect(launch.msg).toBe(CasMsg.APP_UNAVAILABLE)
    } finally {
      const r = await call(t, { url: '/base/api/app/client/resume', body: { appId }, token: hw.staff.bureauAdmin })
      expect(r.code).toBe(0)
    }
    expect((await ticketFor(hw.teacher.token)).ticket).toMatch(/^ST-/)
  })

  it('a user type the app does not admit is refused, also for a ticket issued before', async () => {
    const staffApp = await registerApp(t, tenantId, '教师备课')
    const svc = `${app.base}/lesson/`
    await saveClient(t, hw.staff.bureauAdmin, {
      appId: staffApp,
      protocol: 'cas',
      casServices: [svc],
      casUserAttr: 'staff_no',
    })
    const early = await ticketFor(hw.student.token, svc)
    await t.db.tenant(tenantId, (trx) =>
      trx
        .updateTable('app')
        .set({ user_types: JSON.stringify([UserType.STAFF]) })
        .where('id', '=', staffApp)
        .execute(),
    )
    expect(await refusalFor(hw.student.token, svc)).toBe(CasMsg.USER_TYPE_REFUSED)
    expect((await p3(early.ticket, svc)).failure?.code).toBe('INVALID_TICKET')
    // The teacher is admitted and known by the staff number the app chose.
    const ok = await ticketFor(hw.teacher.token, svc)
    expect((await p3(ok.ticket, svc)).user).toBe('T001')
    expect((await accessKinds(staffApp)).filter((k) => k.kind === 'refused').length).toBeGreaterThanOrEqual(2)
  })
})

describe('launching from the portal', () => {
  it('the launcher opens a CAS app at its first service with a ticket that validates', async () => {
    const url0 = `${appGroupContracts.list.path}?appType=3&filter=1&showDefaultGroup=true`
    const groups = await call(t, { url: url0, token: hw.teacher.token })
    const rows = (groups.data as { appList: { appId: number; protocol?: string }[] }[]).flatMap((g) => g.appList)
    expect(rows.find((a) => a.appId === appId)?.protocol).toBe('cas')
    const r = await call(t, { url: '/base/api/app/cas/launch', body: { appId }, token: hw.teacher.token })
    expect(r.code).toBe(0)
    const url = r.data.url as string
    expect(url.startsWith(`${service}&ticket=ST-`)).toBe(true)
    const v = await p3(new URL(url).searchParams.get('ticket')!)
    expect(v.user).toBe(String(hw.teacher.userInfoId))
  })

  it('refuses an app that is not CAS, and one the person may not open', async () => {
    const tokenApp = await registerApp(t, tenantId, '普通应用')
    const r = await call(t, { url: '/base/api/app/cas/launch', body: { appId: tokenApp }, token: hw.teacher.token })
    expect(r.code).not.toBe(0)
    expect(r.msg).toBe(CasMsg.NOT_CAS)
    await t.db.tenant(tenantId, (trx) =>
      trx.updateTable('app').set({ permission_name: 'no_such_code' }).where('id', '=', tokenApp).execute(),
    )
    const denied = await call(t, {
      url: '/base/api/app/cas/launch',
      body: { appId: tokenApp },
      token: hw.teacher.token,
    })
    expect(denied.msg).toBe('暂无权限')
  })
})

describe('single logout', () => {
  it("signing out of the portal posts a SAML LogoutRequest naming the session's ticket to the service", async () => {
    const session = await loginToken(t, hw.teacher.userName)
    const got = await ticketFor(session)
    expect((await p3(got.ticket)).user).toBe(String(hw.teacher.userInfoId))
    const before = app.got.length
    const out = await call(t, { url: '/base/api/auth/logout', body: {}, token: session })
    expect(out.code).toBe(0)
    const posts = app.got.slice(before)
    expect(posts).toHaveLength(1)
    expect(posts[0]!.url).toBe('/cas/login?from=portal')
    expect(posts[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded')
    const xml = new URLSearchParams(posts[0]!.body).get('logoutRequest')!
    const doc = parseXml(xml)
    expect(doc.documentElement.localName).toBe('LogoutRequest')
    expect(doc.documentElement.namespaceURI).toBe('urn:oasis:names:tc:SAML:2.0:protocol')
    const idx = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:protocol', 'SessionIndex')[0]
    expect(idx?.textContent).toBe(got.ticket)
    expect((await accessKinds()).some((k) => k.kind === 'slo' && k.detail?.startsWith('200 '))).toBe(true)
  })

  it('/cas/logout goes to the portal page; it returns only to a registered service', async () => {
    const r = await get(`/t/${tenantId}/cas/logout?service=${encodeURIComponent(service)}`)
    expect(r.status).toBe(303)
    expect(r.headers.location).toBe(`/#/redirect/casLogout?tenantId=${tenantId}&service=${encodeURIComponent(service)}`)
    const q = (s: string) => call(t, { url: `/t/${tenantId}/cas/registeredService?service=${encodeURIComponent(s)}` })
    expect((await q(service)).data.service).toBe(service)
    expect((await q('https://evil.example.com/')).data.service).toBeNull()
  })
})
