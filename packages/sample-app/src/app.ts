/**
 * A small third-party app of the kind a district buys (docs/open-platform.md): it signs people in through the
 * district's OpenID provider with openid-client (authorization code + PKCE, state and nonce kept server-side), shows
 * the claims it was granted, is signed out by the provider's back-channel logout (the logout token verified with jose
 * against the issuer's JWKS), signs out through RP-initiated logout, and reads the directory API with a
 * client-credentials token. Plain node:http, no framework; every value put into a page is escaped.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import * as oidc from 'openid-client'

export interface SampleAppOptions {
  /** The tenant's issuer, e.g. http://portal.example/t/1/oidc. */
  issuer: string
  clientId: string
  clientSecret: string
  /** 0 (the default) takes a free port. */
  port?: number
  host?: string
  /** The app's own address as the browser sees it; default http://<host>:<port>. */
  baseUrl?: string
  /** The scopes asked for at sign-in. */
  scope?: string
  /** The directory API's base (…/open/v1); default the issuer's origin + /open/v1. */
  directoryBase?: string
}

export interface SampleApp {
  url: string
  close: () => Promise<void>
}

const COOKIE = 'zx_sample_session'
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout'
/** A logout token older than this is refused (OpenID Back-Channel Logout 1.0 §2.6: iat recent). */
const LOGOUT_TOKEN_MAX_AGE_S = 120
const HTTP_TIMEOUT_MS = 10_000

interface Session {
  pending?: { state: string; nonce: string; verifier: string }
  signedIn?: { claims: Record<string, unknown>; idToken: string; sub: string; sid: string | null }
}

const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const page = (title: string, body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f1f1f}
a{color:#0b57d0}dt{font-weight:600;margin-top:.5rem}dd{margin:0}.error{color:#b3261e}</style></head>
<body><h1>${esc(title)}</h1>${body}</body></html>`

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => {
      body += c
      if (body.length > 64 * 1024) reject(new Error('body too large'))
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })

const cookieOf = (req: http.IncomingMessage): string | null => {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=')
    if (k === COOKIE && v) return v
  }
  return null
}

/** The person's claims as the page shows them: the ones the district's scopes release (docs/open-platform.md). */
function claimsHtml(c: Record<string, unknown>): string {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(esc).join('、') : esc(v))
  const row = (label: string, key: string, v: unknown) =>
    v === undefined ? '' : `<dt>${esc(label)}</dt><dd data-claim="${esc(key)}">${v === '' ? '' : list(v)}</dd>`
  const people = (v: unknown) =>
    Array.isArray(v)
      ? `<ul>${v.map((p: { name?: unknown; relation?: unknown }) => `<li>${esc(p.name)}${p.relation ? `（${esc(p.relation)}）` : ''}</li>`).join('')}</ul>`
      : undefined
  const grade = c.grade as { name?: unknown } | undefined
  return `<dl>
${row('姓名', 'name', c.name)}
${row('用户类型', 'user_type', c.user_type)}
${row('工号', 'staff_no', c.staff_no)}
${row('学号', 'student_no', c.student_no)}
${row('年级', 'grade', grade?.name)}
${row('班级', 'class_ids', c.class_ids)}
${c.children === undefined ? '' : `<dt>孩子</dt><dd data-claim="children">${people(c.children) ?? ''}</dd>`}
${c.guardians === undefined ? '' : `<dt>家长</dt><dd data-claim="guardians">${people(c.guardians) ?? ''}</dd>`}
</dl>`
}

export async function startSampleApp(opts: SampleAppOptions): Promise<SampleApp> {
  const host = opts.host ?? '127.0.0.1'
  const scope = opts.scope ?? 'openid profile zx:identity zx:school zx:guardian'
  const sessions = new Map<string, Session>()
  let base = opts.baseUrl ?? ''
  const insecure = new URL(opts.issuer).protocol === 'http:'

  // Discovery on first need (the provider may start after the app), again after a failure.
  let discovered: Promise<oidc.Configuration> | null = null
  const config = () =>
    (discovered ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, opts.clientSecret, oidc.ClientSecretBasic(opts.clientSecret), {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_MS / 1000,
      })
      .catch((e: unknown) => {
        discovered = null
        throw e
      }))
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null
  const keys = async () =>
    (jwks ??= createRemoteJWKSet(new URL(String((await config()).serverMetadata().jwks_uri)), {
      timeoutDuration: HTTP_TIMEOUT_MS,
    }))

  const sessionOf = (req: http.IncomingMessage, res: http.ServerResponse): Session => {
    const id = cookieOf(req)
    const known = id ? sessions.get(id) : undefined
    if (known) return known
    const fresh = randomBytes(24).toString('base64url')
    const s: Session = {}
    sessions.set(fresh, s)
    res.setHeader('set-cookie', `${COOKIE}=${fresh}; Path=/; HttpOnly; SameSite=Lax`)
    return s
  }
  const send = (res: http.ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(html)
  }
  const redirect = (res: http.ServerResponse, to: string) => {
    res.writeHead(302, { location: to, 'cache-control': 'no-store' })
    res.end()
  }

  async function home(req: http.IncomingMessage, res: http.ServerResponse) {
    const s = sessions.get(cookieOf(req) ?? '')
    if (!s?.signedIn) {
      send(res, 200, page('示例应用', '<p data-testid="state">未登录</p><p><a href="/login">登录</a></p>'))
      return
    }
    send(
      res,
      200,
      page(
        '示例应用',
        `<p data-testid="state">已登录</p>${claimsHtml(s.signedIn.claims)}
<p><a href="/directory">通讯录</a> · <a href="/logout">退出</a></p>`,
      ),
    )
  }

  async function login(req: http.IncomingMessage, res: http.ServerResponse) {
    const c = await config()
    const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() }
    sessionOf(req, res).pending = pending
    const url = oidc.buildAuthorizationUrl(c, {
      redirect_uri: `${base}/callback`,
      scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    })
    redirect(res, url.href)
  }

  async function callback(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const s = sessions.get(cookieOf(req) ?? '')
    const pending = s?.pending
    if (!s || !pending) {
      send(
        res,
        400,
        page('登录失败', '<p class="error">登录请求已失效，请重新登录</p><p><a href="/login">登录</a></p>'),
      )
      return
    }
    s.pending = undefined
    if (url.searchParams.get('error')) {
      const why = url.searchParams.get('error') === 'access_denied' ? '登录已取消' : '登录失败'
      send(res, 200, page('示例应用', `<p class="error" role="alert">${why}</p><p><a href="/login">登录</a></p>`))
      return
    }
    const c = await config()
    const tokens = await oidc.authorizationCodeGrant(c, url, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    })
    const id = tokens.claims()!
    const info = await oidc.fetchUserInfo(c, tokens.access_token, id.sub)
    s.signedIn = {
      claims: { ...id, ...info },
      idToken: tokens.id_token!,
      sub: id.sub,
      sid: typeof id.sid === 'string' ? id.sid : null,
    }
    redirect(res, '/')
  }

  /** OpenID Back-Channel Logout 1.0 §2.6: a signed logout token naming the session (sid) or the person (sub). */
  async function backchannelLogout(req: http.IncomingMessage, res: http.ServerResponse) {
    const token = new URLSearchParams(await readBody(req)).get('logout_token')
    let claims: JWTPayload
    try {
      if (!token) throw new Error('no logout_token')
      ;({ payload: claims } = await jwtVerify(token, await keys(), {
        issuer: (await config()).serverMetadata().issuer,
        audience: opts.clientId,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
        requiredClaims: ['iat', 'jti'],
      }))
      const events = claims.events as Record<string, unknown> | undefined
      if (!events || typeof events[LOGOUT_EVENT] !== 'object') throw new Error('not a logout token')
      if (claims.nonce !== undefined) throw new Error('a logout token carries no nonce')
      if (!claims.sid && !claims.sub) throw new Error('neither sid nor sub')
    } catch (e) {
      res.writeHead(400, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify({ error: 'invalid_request', error_description: (e as Error).message }))
      return
    }
    for (const s of sessions.values()) {
      const who = s.signedIn
      if (!who) continue
      if ((claims.sid && who.sid === claims.sid) || (!claims.sid && claims.sub === who.sub)) s.signedIn = undefined
    }
    res.writeHead(200, { 'cache-control': 'no-store' })
    res.end()
  }

  /** RP-initiated logout: the local session ends, then the provider's (back here afterwards if registered). */
  async function logout(req: http.IncomingMessage, res: http.ServerResponse) {
    const s = sessions.get(cookieOf(req) ?? '')
    const idToken = s?.signedIn?.idToken
    if (s) s.signedIn = undefined
    if (!idToken) return redirect(res, '/')
    const url = oidc.buildEndSessionUrl(await config(), {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${base}/`,
    })
    redirect(res, url.href)
  }

  /** The students of a class from the directory API, with a client-credentials token (no person signed in). */
  async function directory(res: http.ServerResponse, url: URL) {
    const classId = url.searchParams.get('class_id') ?? ''
    let body: string
    try {
      const c = await config()
      const token = await oidc.clientCredentialsGrant(c, { scope: 'directory' })
      const api = new URL(`${opts.directoryBase ?? `${new URL(opts.issuer).origin}/open/v1`}/students`)
      if (classId) api.searchParams.set('class_id', classId)
      const r = await fetch(api, {
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      })
      const env = (await r.json().catch(() => null)) as {
        code?: number
        msg?: string
        data?: { items?: { name?: unknown; student_no?: unknown; class_ids?: unknown }[]; next_cursor?: unknown }
      } | null
      if (!r.ok || env?.code !== 0 || !Array.isArray(env.data?.items)) {
        throw new Error(env?.msg || `HTTP ${r.status}`)
      }
      body = `<ul data-testid="students">${env.data.items
        .map((s) => `<li>${esc(s.name)}${s.student_no ? `（${esc(s.student_no)}）` : ''}</li>`)
        .join('')}</ul>${env.data.next_cursor ? '<p>（还有更多）</p>' : ''}`
    } catch (e) {
      body = `<p class="error" role="alert" data-testid="directory-error">通讯录读取失败：${esc((e as Error).message)}</p>`
    }
    send(res, 200, page('通讯录', `${body}<p><a href="/">返回</a></p>`))
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base)
    const route = `${req.method} ${url.pathname}`
    const handler =
      route === 'GET /'
        ? home(req, res)
        : route === 'GET /login'
          ? login(req, res)
          : route === 'GET /callback'
            ? callback(req, res, url)
            : route === 'POST /backchannel-logout'
              ? backchannelLogout(req, res)
              : route === 'GET /logout'
                ? logout(req, res)
                : route === 'GET /directory'
                  ? directory(res, url)
                  : Promise.resolve(send(res, 404, page('未找到', '<p><a href="/">返回</a></p>')))
    handler.catch((e: unknown) => {
      if (res.headersSent) return res.end()
      send(res, 500, page('出错了', `<p class="error" role="alert">${esc((e as Error).message)}</p>`))
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve))
  const port = (server.address() as AddressInfo).port
  base ||= `http://${host}:${port}`
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
