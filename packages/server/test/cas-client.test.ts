import { Strategy as CasStrategy } from '@coursetable/passport-cas'
import express from 'express'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Passport } from 'passport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, type TestApp } from './helpers.js'

/**
 * Issue 24 point 2: "a hosted app can validate the ticket it receives with an off-the-shelf CAS client". The hosted
 * app here is a small express app that signs people in with the published Passport strategy
 * `@coursetable/passport-cas` (CAS 3.0 mode): the library builds the /login redirect, calls
 * `<casBase>/p3/serviceValidate` itself and parses the XML itself. The test only reads what the library handed to
 * the app's verify callback, so it fails if the server's endpoints, ticket or XML stop matching what a real client
 * expects.
 */
let t: TestApp
let hw: HubWorld
let tenantId: number
let appId: number
let base: string
let casBase: string
let appBase: string
let service: string
let hosted: Server

/** What the hosted app answers: the person the library reported, or why it refused. */
type AppAnswer = { user?: string; attributes?: Record<string, string | string[]>; error?: string; cause?: string }

/** The hosted app: one callback route guarded by the CAS strategy, without sessions (the answer shows the login). */
function hostedApp(ssoBaseURL: string, serverBaseURL: string) {
  const passport = new Passport()
  passport.use(
    new CasStrategy({ version: 'CAS3.0', ssoBaseURL, serverBaseURL, callbackURL: '/cas/callback' }, (login, done) =>
      done(null, login),
    ),
  )
  const app = express()
  app.use(passport.initialize())
  app.get('/cas/callback', (req, res, next) => {
    const auth = passport.authenticate(
      'cas',
      { session: false },
      (err: (Error & { cause?: unknown }) | null, user: AppAnswer | false) => {
        if (err) {
          const cause = err.cause instanceof Error ? err.cause.message : String(err.cause)
          res.status(401).json({ error: err.message, cause } satisfies AppAnswer)
        } else if (!user) res.status(401).json({ error: 'no user' } satisfies AppAnswer)
        else res.json({ user: user.user, attributes: user.attributes } satisfies AppAnswer)
      },
    ) as express.RequestHandler
    auth(req, res, next)
  })
  return app
}

/** A browser visiting `url` once (no redirects followed), with a deadline. */
async function visit(url: string) {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  return { status: res.status, location: res.headers.get('location'), text }
}

/** A ticket the way the portal launcher gets one: the signed-in teacher opens the app from the portal. */
async function launch() {
  const r = await call(t, { url: '/base/api/app/cas/launch', body: { appId }, token: hw.teacher.token })
  expect(r.code, r.msg as string).toBe(0)
  return r.data.url as string
}

beforeAll(async () => {
  t = await createTestApp()
  hw = await makeHubWorld(t)
  tenantId = hw.w.tenantId
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  casBase = `${base}/t/${tenantId}/cas`
  // The strategy builds its service address from serverBaseURL, known once the server listens: attach the app then.
  hosted = createServer()
  await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve))
  appBase = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`
  hosted.on('request', hostedApp(casBase, appBase))
  service = `${appBase}/cas/callback`
  appId = await registerApp(t, tenantId, '图书馆')
  await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'cas',
    casServices: [service],
    casUserAttr: 'staff_no',
    scopes: ['profile', 'zx:identity', 'zx:school'],
  })
}, 60_000)

afterAll(async () => {
  if (hosted) await new Promise<void>((r) => hosted.close(() => r()))
  await t?.close()
})

describe('an off-the-shelf CAS client (@coursetable/passport-cas) against the CAS server', () => {
  it("the library's sign-in redirect is accepted by /cas/login for the registered service", async () => {
    const r = await visit(`${appBase}/cas/callback`)
    expect(r.status).toBe(302)
    const login = new URL(r.location!)
    expect(`${login.origin}${login.pathname}`).toBe(`${casBase}/login`)
    expect(login.searchParams.get('service')).toBe(service)
    // The server knows the service the library computed, character by character, and hands it to the portal page.
    const hop = await visit(login.href)
    expect(hop.status).toBe(303)
    const page = new URL(hop.location!, base)
    expect(page.hash.startsWith('#/redirect/casLogin?')).toBe(true)
    expect(new URLSearchParams(page.hash.slice('#/redirect/casLogin?'.length)).get('service')).toBe(service)
  })

  it("validates the launcher's ticket at /p3/serviceValidate and reports the teacher with attributes", async () => {
    const url = await launch()
    expect(url.startsWith(`${service}?ticket=ST-`)).toBe(true)
    const r = await visit(url)
    expect(r.status, r.text).toBe(200)
    const got = JSON.parse(r.text) as AppAnswer
    expect(got.user).toBe('T001')
    // xml2js (inside the library) lower-cases tag names and gives one value as a string.
    expect(got.attributes?.name).toBe('王老师')
    expect(got.attributes?.staff_no).toBe('T001')
    expect(got.attributes?.user_type).toBe('teacher')
    expect(got.attributes?.class_ids).toBe(String(hw.classId))
    // The app is pairwise (the default): its subject is a digest of its own, not the person's id.
    expect(got.attributes?.sub).toMatch(/^[\w-]{20,}$/)
    expect(got.attributes?.sub).not.toBe(String(hw.teacher.userInfoId))
  })

  it('refuses a replayed ticket: the library reports the failure code and no user', async () => {
    const url = await launch()
    const first = await visit(url)
    expect(first.status, first.text).toBe(200)
    expect((JSON.parse(first.text) as AppAnswer).user).toBe('T001')
    const again = await visit(url)
    expect(again.status).toBe(401)
    const got = JSON.parse(again.text) as AppAnswer
    expect(got.user).toBeUndefined()
    expect(got.cause).toBe('Authentication failed INVALID_TICKET')
  })

  it('refuses a ticket that the server never issued', async () => {
    const r = await visit(`${service}?ticket=ST-${'x'.repeat(43)}`)
    expect(r.status).toBe(401)
    expect((JSON.parse(r.text) as AppAnswer).cause).toBe('Authentication failed INVALID_TICKET')
  })
})
