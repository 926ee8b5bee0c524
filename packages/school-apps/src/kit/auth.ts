import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { jwtVerify, type JWTPayload } from 'jose'
import * as client from 'openid-client'
import type { ResolvedOptions } from './config.js'
import type { IssuerClient } from './oidc.js'
import type { AppDb, Viewer } from './types.js'

/**
 * Sign-in to one app through the hub's OpenID provider (authorization code + PKCE, state and nonce kept in the apps'
 * database and bound to the browser by a flow cookie), the session that follows (a random id in an HttpOnly cookie,
 * only its SHA-256 stored, 8 hours), RP-initiated logout and the hub's back-channel logout.
 */
const SCOPES = 'openid profile zx:identity zx:school zx:guardian zx:roles'
const SESSION_HOURS = 8
const FLOW_MINUTES = 10
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout'
/** A logout token older than this is refused (OpenID Back-Channel Logout 1.0 §2.6: iat recent). */
const LOGOUT_TOKEN_MAX_AGE_S = 120
/** The state the hub hands back after RP-initiated logout: the page then says 已退出 instead of signing in again. */
const SIGNED_OUT_STATE = 'signed-out'

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex')
const esc = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function cookieOf(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim())
  }
  return null
}

/** A small page of the sign-in flow (errors, signed out): the app's title, a message, a link to try again. */
export function messagePage(title: string, message: string, link: { href: string; text: string }): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Microsoft YaHei',sans-serif;margin:0;
padding:48px 16px;color:rgba(0,0,0,.88);background:#f5f5f5;text-align:center}main{max-width:360px;margin:0 auto;
background:#fff;border-radius:8px;padding:32px 24px}h1{font-size:18px;margin:0 0 12px}p{color:rgba(0,0,0,.65)}
a{display:inline-block;margin-top:12px;padding:6px 16px;border-radius:6px;background:#1677ff;color:#fff;
text-decoration:none}a:focus-visible{outline:2px solid #1677ff;outline-offset:2px}</style></head>
<body><main><h1>${esc(title)}</h1><p role="alert">${esc(message)}</p><a href="${esc(link.href)}">${esc(link.text)}</a></main></body></html>`
}

/** The claims of the ID token and userinfo, as the apps use them (types.ts Viewer). */
export function viewerOf(c: Record<string, unknown>, adminRoles: readonly string[]): Viewer {
  const nums = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n)) : [])
  const strs = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [])
  const roles = strs(c.roles)
  const children = Array.isArray(c.children)
    ? c.children.flatMap((k: unknown) => {
        const o = k as { sub?: unknown; name?: unknown; relation?: unknown }
        return typeof o?.sub === 'string'
          ? [
              {
                sub: o.sub,
                name: typeof o.name === 'string' ? o.name : '',
                relation: typeof o.relation === 'string' ? o.relation : null,
              },
            ]
          : []
      })
    : []
  return {
    sub: String(c.sub),
    name: typeof c.name === 'string' ? c.name : '',
    userType: c.user_type === 'student' ? 'student' : c.user_type === 'guardian' ? 'guardian' : 'staff',
    orgId: Number(c.org_id) || 0,
    schoolIds: nums(c.school_ids),
    classIds: nums(c.class_ids),
    children,
    roles,
    isAdmin: roles.some((r) => adminRoles.includes(r)),
  }
}

/** Only a path inside the app may be returned to (no other site, no protocol-relative //host). */
export function safeReturn(key: string, value: unknown): string {
  const home = `/${key}/`
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith(home)) return home
  // Backslashes and control characters (some browsers read /\host as //host).
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) return home
  return value
}

export interface AppAuth {
  viewer(req: FastifyRequest, reply: FastifyReply): Promise<Viewer | undefined>
  /** The Viewer of the request's session, or null (no answer sent). */
  sessionViewer(req: FastifyRequest): Promise<Viewer | null>
}

export function appAuth(
  server: FastifyInstance,
  o: ResolvedOptions,
  key: string,
  title: string,
  db: AppDb,
  issuer: IssuerClient,
  onSignedIn: (v: Viewer) => void,
): AppAuth {
  const base = `${o.publicUrl}/${key}`
  const secure = o.publicUrl.startsWith('https:') ? '; Secure' : ''
  const sessionCookie = `zx_${key}_sid`
  const flowCookie = `zx_${key}_flow`
  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${value}; Path=/${key}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
  const page = (reply: FastifyReply, status: number, message: string, retry = `/${key}/login`) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(messagePage(title, message, { href: retry, text: '重新登录' }))

  server.get(`/${key}/login`, async (req, reply) => {
    const returnTo = safeReturn(key, (req.query as Record<string, unknown>).return)
    let config: client.Configuration
    try {
      config = await issuer.config()
    } catch (e) {
      req.log.warn(`school apps: discovery of ${o.issuer} failed: ${(e as Error).message}`)
      return page(
        reply,
        502,
        '暂时无法连接统一身份认证，请稍后重试',
        `/${key}/login?return=${encodeURIComponent(returnTo)}`,
      )
    }
    const flow = randomBytes(32).toString('base64url')
    const pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
    }
    await db.query('DELETE FROM kit_login WHERE expires_at < now()')
    await db.query(
      `INSERT INTO kit_login (flow_hash, app_key, state, nonce, verifier, return_to, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [sha256(flow), key, pending.state, pending.nonce, pending.verifier, returnTo, FLOW_MINUTES],
    )
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${base}/callback`,
      scope: SCOPES,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    })
    return reply
      .header('set-cookie', cookie(flowCookie, flow, FLOW_MINUTES * 60))
      .header('cache-control', 'no-store')
      .redirect(url.href, 302)
  })

  server.get(`/${key}/callback`, async (req, reply) => {
    const flow = cookieOf(req, flowCookie)
    reply.header('set-cookie', cookie(flowCookie, '', 0))
    const rows = flow
      ? await db.query<{ state: string; nonce: string; verifier: string; return_to: string }>(
          `DELETE FROM kit_login WHERE flow_hash = $1 AND app_key = $2 AND expires_at > now()
           RETURNING state, nonce, verifier, return_to`,
          [sha256(flow), key],
        )
      : []
    const pending = rows[0]
    if (!pending) return page(reply, 400, '登录请求已失效，请重新登录')
    const q = req.query as Record<string, unknown>
    if (typeof q.error === 'string') {
      const why = typeof q.error_description === 'string' ? q.error_description.slice(0, 200) : ''
      return page(
        reply,
        400,
        q.error === 'access_denied' ? `登录未完成${why ? `：${why}` : ''}` : `登录失败${why ? `：${why}` : ''}`,
      )
    }
    let viewer: Viewer
    let idToken: string
    let sid: string | null
    try {
      const config = await issuer.config()
      const tokens = await client.authorizationCodeGrant(config, new URL(req.url, o.publicUrl), {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      const id = tokens.claims()!
      const info = await client.fetchUserInfo(config, tokens.access_token, id.sub)
      viewer = viewerOf({ ...id, ...info }, o.adminRoles)
      idToken = tokens.id_token!
      sid = typeof id.sid === 'string' ? id.sid : null
    } catch (e) {
      req.log.warn(`school apps: ${key} sign-in failed: ${(e as Error).message}`)
      return page(reply, 400, '登录失败，请重试')
    }
    const session = randomBytes(32).toString('base64url')
    await db.query('DELETE FROM kit_session WHERE expires_at < now()')
    await db.query(
      `INSERT INTO kit_session (id_hash, app_key, sub, sid, viewer, id_token, expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, now() + make_interval(hours => $7))`,
      [sha256(session), key, viewer.sub, sid, JSON.stringify(viewer), idToken, SESSION_HOURS],
    )
    onSignedIn(viewer)
    return reply
      .header('set-cookie', [cookie(flowCookie, '', 0), cookie(sessionCookie, session, SESSION_HOURS * 3600)])
      .header('cache-control', 'no-store')
      .redirect(pending.return_to, 302)
  })

  /** RP-initiated logout: the app's session ends, then the hub's; the hub sends the browser back to /<key>/. */
  server.get(`/${key}/logout`, async (req, reply) => {
    const id = cookieOf(req, sessionCookie)
    const rows = id
      ? await db.query<{ id_token: string }>(
          'DELETE FROM kit_session WHERE id_hash = $1 AND app_key = $2 RETURNING id_token',
          [sha256(id), key],
        )
      : []
    reply.header('set-cookie', cookie(sessionCookie, '', 0)).header('cache-control', 'no-store')
    const home = `/${key}/?state=${SIGNED_OUT_STATE}`
    if (!rows[0]) return reply.redirect(home, 302)
    try {
      const url = client.buildEndSessionUrl(await issuer.config(), {
        id_token_hint: rows[0].id_token,
        post_logout_redirect_uri: `${base}/`,
        state: SIGNED_OUT_STATE,
      })
      return reply.redirect(url.href, 302)
    } catch {
      return reply.redirect(home, 302)
    }
  })

  /** OpenID Back-Channel Logout 1.0 §2.6: a signed logout token naming the hub's session (sid) or the person (sub). */
  server.post(`/${key}/backchannel-logout`, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const token = typeof body.logout_token === 'string' ? body.logout_token : ''
    let claims: JWTPayload
    try {
      if (!token) throw new Error('no logout_token')
      const config = await issuer.config()
      ;({ payload: claims } = await jwtVerify(token, await issuer.jwks(), {
        issuer: config.serverMetadata().issuer,
        audience: config.clientMetadata().client_id,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
        requiredClaims: ['iat', 'jti'],
      }))
      const events = claims.events as Record<string, unknown> | undefined
      if (!events || typeof events[LOGOUT_EVENT] !== 'object') throw new Error('not a logout token')
      if (claims.nonce !== undefined) throw new Error('a logout token carries no nonce')
      if (!claims.sid && !claims.sub) throw new Error('neither sid nor sub')
    } catch (e) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_request', error_description: (e as Error).message })
    }
    if (typeof claims.sid === 'string') {
      await db.query('DELETE FROM kit_session WHERE app_key = $1 AND sid = $2', [key, claims.sid])
    } else {
      await db.query('DELETE FROM kit_session WHERE app_key = $1 AND sub = $2', [key, String(claims.sub)])
    }
    return reply.code(200).header('cache-control', 'no-store').send('')
  })

  const sessionViewer = async (req: FastifyRequest): Promise<Viewer | null> => {
    const id = cookieOf(req, sessionCookie)
    if (!id || id.length > 100) return null
    const rows = await db.query<{ viewer: Viewer }>(
      'SELECT viewer FROM kit_session WHERE id_hash = $1 AND app_key = $2 AND expires_at > now()',
      [sha256(id), key],
    )
    return rows[0]?.viewer ?? null
  }
  return {
    sessionViewer,
    async viewer(req, reply) {
      const v = await sessionViewer(req)
      if (v) return v
      reply.code(401).header('cache-control', 'no-store').send({ code: 401, msg: '请先登录', data: null })
      return undefined
    },
  }
}
