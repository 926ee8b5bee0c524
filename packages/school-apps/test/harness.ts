/**
 * Starting the real hub and the school apps for a test, and a browser that signs people in to an app through the
 * hub's OpenID provider. The hub is the portal's server started in-process (its test builder, a fresh database); the
 * apps reach it only over HTTP, as in production. Used by kit.test.ts and the apps' API tests.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { HUB_SCOPES, WEBHOOK_EVENTS } from '@zhixiao/shared'
import pg from 'pg'
// The server tests' vitest context (the template database global-setup provides) is declared there.
import type {} from '../../server/test/global-setup.js'
import { DEMO_PASSWORD, seedDemoDistrict } from '../../server/src/db/seed/demo.js'
import { runWebhooks } from '../../server/src/modules/webhooks/dispatch.js'
import { createTestApp, loginToken, TEST_PASSWORD_PARAMS, type TestApp } from '../../server/test/helpers.js'
import { browserSignIn, Jar, registerApp, saveClient } from '../../server/test/hub-fixtures.js'
import type { AppClient, SchoolAppsOptions } from '../src/kit/config.js'
import { startKit, type RunningApps } from '../src/kit/server.js'
import type { SchoolApp } from '../src/kit/types.js'

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port
      s.close(() => resolve(p))
    })
  })

/** The portal's server on a real port (the apps call it over HTTP). */
export async function startHub(opts: Parameters<typeof createTestApp>[0] = {}): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp(opts)
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // The hub signs webhooks with its clock's time, which the apps check against theirs (5 minutes): real time.
  t.clock.advance(Date.now() - t.clock.now().getTime())
  return { t, base }
}

/**
 * Registers a school app at the hub the way the district's top-org admin does in 应用管理 › 接入: a confidential
 * OpenID client with the apps' addresses, every scope the hub offers but phone, server credentials, and (unless
 * `webhook: false`) a subscription to the directory events at /<key>/hooks. The webhook secret is the client secret
 * (the hub signs deliveries with it).
 */
export async function registerSchoolApp(
  t: TestApp,
  tenantId: number,
  bureauAdminToken: string,
  key: string,
  appsUrl: string,
  opts: { webhook?: boolean; name?: string } = {},
): Promise<AppClient & { appId: number }> {
  const appId = await registerApp(t, tenantId, opts.name ?? key, `${appsUrl}/${key}/`)
  const saved = await saveClient(t, bureauAdminToken, {
    appId,
    protocol: 'oidc',
    redirectUris: [`${appsUrl}/${key}/callback`],
    postLogoutUris: [`${appsUrl}/${key}/`],
    backchannelLogoutUri: `${appsUrl}/${key}/backchannel-logout`,
    scopes: HUB_SCOPES.filter((s) => s !== 'phone'),
    clientCredentials: true,
  })
  const secret = saved.secret!.clientSecret
  if (opts.webhook !== false) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/base/api/app/webhook/save',
      headers: { authorization: `Bearer ${bureauAdminToken}` },
      payload: {
        appId,
        url: `${appsUrl}/${key}/hooks`,
        events: [...WEBHOOK_EVENTS],
        enabled: true,
      },
    })
    if (r.json<{ code: number }>().code !== 0) throw new Error(`webhook save answered ${r.body}`)
  }
  return { appId, clientId: saved.client.clientId, clientSecret: secret, webhookSecret: secret }
}

/**
 * Starts the apps on `port` against the hub (no timer: tests sync by hand through apps[key].syncNow()). Their database
 * is an in-memory PGlite, or a fresh database on the PostgreSQL server TEST_DATABASE_URL names (dropped at close).
 */
export async function startApps(
  hubBase: string,
  tenantId: number,
  port: number,
  clients: Record<string, AppClient>,
  apps: readonly SchoolApp[],
  extra: Partial<SchoolAppsOptions> = {},
): Promise<RunningApps> {
  const serverUrl = process.env.TEST_DATABASE_URL
  let databaseUrl: string | undefined
  let drop = async () => {}
  if (serverUrl) {
    const name = `zx_apps_${randomBytes(6).toString('hex')}`
    // Created and dropped on the server itself (TEST_DATABASE_DIRECT_URL when CI puts PgBouncer in front of it); the
    // apps reach it at serverUrl, through the pooler.
    const adminUrl = process.env.TEST_DATABASE_DIRECT_URL || serverUrl
    const admin = async (q: string) => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      try {
        await c.query(q)
      } finally {
        await c.end()
      }
    }
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
  const running = await startKit(
    {
      portalUrl: hubBase,
      tenantId,
      publicUrl: `http://127.0.0.1:${port}`,
      port,
      demo: false,
      clients,
      syncIntervalSec: 0,
      databaseUrl,
      ...extra,
    },
    apps,
  )
  const close = running.close
  return Object.assign(running, {
    close: async () => {
      await close()
      await drop()
    },
  })
}

/** A browser: one cookie jar for the hub and the apps (both on 127.0.0.1), redirects followed by hand. */
export class Browser {
  readonly jar = new Jar()
  constructor(readonly appsUrl: string) {}
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(new URL(url, this.appsUrl), {
      ...init,
      redirect: 'manual',
      headers: { cookie: this.jar.header(), ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(15_000),
    })
    this.jar.take(res)
    return res
  }
  /** An API call of app `key` answering the envelope (and the HTTP status). */
  async api<T = unknown>(key: string, path: string, body?: unknown, method?: string) {
    const res = await this.fetch(`/${key}/api${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const env = (await res.json()) as { code: number; msg: string; data: T }
    return { status: res.status, ...env }
  }
}

/**
 * Signs the person whose portal session is `userToken` in to app `key`: /<key>/login → the hub's authorize → the
 * portal's sign-in hand-over → /<key>/callback → back to `returnTo`. Answers the browser, holding the app's session.
 */
export async function signIn(hubBase: string, appsUrl: string, key: string, userToken: string, returnTo?: string) {
  const b = new Browser(appsUrl)
  const login = await b.fetch(`/${key}/login${returnTo ? `?return=${encodeURIComponent(returnTo)}` : ''}`)
  if (login.status !== 302) throw new Error(`/${key}/login answered ${login.status}: ${await login.text()}`)
  const f = await browserSignIn(hubBase, login.headers.get('location')!, userToken, b.jar)
  if (!f.redirect) throw new Error(`the hub stopped the sign-in: ${JSON.stringify(f)}`)
  const back = await b.fetch(f.redirect.href)
  if (back.status !== 302) throw new Error(`/${key}/callback answered ${back.status}: ${await back.text()}`)
  return Object.assign(b, { landedAt: back.headers.get('location')! })
}

/** The demo district (the portal's seed) with the apps registered, started and seeded: what the apps' tests use. */
export interface Demo {
  t: TestApp
  /** The hub's address. */
  base: string
  tenantId: number
  running: RunningApps
  /** The apps' origin (http://127.0.0.1:<port>). */
  appsUrl: string
  clients: Record<string, AppClient & { appId: number }>
  /** A demo account's portal session (password Demo@2026), cached per account. */
  tokenOf(userName: string): Promise<string>
  /** A browser signed in to app `key` as a demo account. */
  signInAs(key: string, userName: string, returnTo?: string): Promise<Browser & { landedAt: string }>
  close(): Promise<void>
}

/**
 * The hub with the demo district seeded (xxadmin, zhanglaoshi, xiaoming, xiaomingmama… password Demo@2026), each app
 * registered by the bureau's admin (jyjadmin) with a webhook subscription, then the apps started with `demo: true`:
 * the first directory sync, each app's seedDemo and refreshBadges have run when this answers. App admins are the
 * holders of the role code 'admin' (xxadmin, the school's administrator).
 */
export async function startDemo(apps: readonly SchoolApp[], extra: Partial<SchoolAppsOptions> = {}): Promise<Demo> {
  const { t, base } = await startHub()
  await seedDemoDistrict(t.db, TEST_PASSWORD_PARAMS, new Date())
  const tokens = new Map<string, string>()
  const tokenOf = async (userName: string) => {
    let tok = tokens.get(userName)
    if (!tok) tokens.set(userName, (tok = await loginToken(t, userName, DEMO_PASSWORD)))
    return tok
  }
  const admin = await tokenOf('jyjadmin')
  const who = await t.app.inject({
    url: '/base/api/account/user/current/detail',
    headers: { authorization: `Bearer ${admin}` },
  })
  const tenantId = who.json<{ data: { tenantId: number } }>().data.tenantId
  const port = await freePort()
  const appsUrl = `http://127.0.0.1:${port}`
  const clients: Record<string, AppClient & { appId: number }> = {}
  for (const a of apps) clients[a.key] = await registerSchoolApp(t, tenantId, admin, a.key, appsUrl, { name: a.title })
  // The seed's own writes are history the apps read in their first sync, not events to deliver.
  await runWebhooks(t.ctx)
  const running = await startApps(base, tenantId, port, clients, apps, { demo: true, ...extra })
  return {
    t,
    base,
    tenantId,
    running,
    appsUrl,
    clients,
    tokenOf,
    signInAs: async (key, userName, returnTo) => signIn(base, appsUrl, key, await tokenOf(userName), returnTo),
    close: async () => {
      await running.close()
      await t.close()
    },
  }
}
