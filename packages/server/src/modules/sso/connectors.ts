import type { ThirdType } from '@zhixiao/shared'
import * as oidc from 'openid-client'
import { providerUrlAllowed } from '../../platform/provider-url.js'

/**
 * One interface per kind of third party (DESIGN.md "Providers"): the address the browser is sent to, and the
 * exchange of what comes back (authorization code) for a stable subject. Real HTTP implementations: OpenID Connect
 * through openid-client (discovery, authorization code + PKCE, state, nonce, ID token checks), DingTalk's OAuth 2
 * (POST /v1.0/oauth2/userAccessToken, GET /v1.0/contact/users/me) and WeCom's web login (GET /cgi-bin/gettoken,
 * GET /cgi-bin/auth/getuserinfo). Base addresses come from the tenant's config, so tests point them at a stand-in.
 */
export interface ConnectorConfig {
  /** third_config id and its last change: the discovery cache key. */
  id: number
  tenantId: number
  updatedAt: Date
  thirdType: ThirdType
  clientId: string
  clientSecret: string | null
  issuer: string | null
  apiBase: string | null
  authBase: string | null
  agentId: string | null
  scope: string | null
  logoutUrl: string | null
  /** config.allowLoopbackProviders: an http issuer on this machine (a local stand-in) may be used. */
  allowLoopback: boolean
}

interface AuthorizeParams {
  redirectUri: string
  state: string
  nonce: string
  codeVerifier: string
}
interface ExchangeParams extends AuthorizeParams {
  code: string
  iss?: string | null
}
interface ThirdIdentity {
  subject: string
  displayName: string | null
  idToken: string | null
}

/** A provider said no, or could not be reached: the message is for the log, the person sees SsoMsg.PROVIDER_FAILED. */
export class ProviderError extends Error {}

export interface Connector {
  authorizeUrl(cfg: ConnectorConfig, p: AuthorizeParams): Promise<string>
  exchange(cfg: ConnectorConfig, p: ExchangeParams): Promise<ThirdIdentity>
  /** refreshMenu: fetch the provider's endpoints again and check the credentials where the protocol allows. */
  refresh(cfg: ConnectorConfig): Promise<Record<string, string>>
  /** The provider's logout address for a session (smartEdu), or null. */
  logoutUrl(
    cfg: ConnectorConfig,
    p: { idToken: string | null; postLogoutRedirectUri: string | null },
  ): Promise<string | null>
}

const TIMEOUT_MS = 10_000

// ---- OpenID Connect (oidc, smartEdu) --------------------------------------------------------------------------

const DISCOVERY_TTL_MS = 10 * 60_000
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>()

function cacheKey(cfg: ConnectorConfig) {
  return `${cfg.tenantId}:${cfg.id}:${+cfg.updatedAt}`
}

/** Discovery is an HTTP round trip: kept 10 minutes per config version (refreshMenu drops it). */
function oidcConfig(cfg: ConnectorConfig, fresh = false): Promise<oidc.Configuration> {
  const key = cacheKey(cfg)
  const hit = discovered.get(key)
  if (hit && !fresh && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config
  if (!cfg.issuer || !providerUrlAllowed(cfg.issuer, cfg.allowLoopback))
    return Promise.reject(new ProviderError('issuer missing or not https'))
  const issuer = new URL(cfg.issuer)
  const config = oidc.discovery(issuer, cfg.clientId, undefined, oidc.ClientSecretBasic(cfg.clientSecret ?? ''), {
    timeout: TIMEOUT_MS / 1000,
    execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
  })
  discovered.set(key, { at: Date.now(), config })
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => {
    if (discovered.get(key)?.config === config) discovered.delete(key)
  })
  return config
}

const openIdConnect: Connector = {
  async authorizeUrl(cfg, p) {
    const config = await oidcConfig(cfg).catch((e: unknown) => {
      throw new ProviderError(`discovery failed: ${String(e)}`)
    })
    const scope = ['openid', ...(cfg.scope ?? 'profile').split(/\s+/).filter((s) => s && s !== 'openid')].join(' ')
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: p.redirectUri,
      scope,
      state: p.state,
      nonce: p.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
      code_challenge_method: 'S256',
    }).href
  },
  async exchange(cfg, p) {
    const config = await oidcConfig(cfg).catch((e: unknown) => {
      throw new ProviderError(`discovery failed: ${String(e)}`)
    })
    // The authorization response as the provider sent it to our redirect_uri; openid-client checks state, iss,
    // the PKCE verifier at the token endpoint, and the ID token's signature, audience, expiry and nonce.
    const current = new URL(p.redirectUri)
    current.searchParams.set('code', p.code)
    current.searchParams.set('state', p.state)
    if (p.iss) current.searchParams.set('iss', p.iss)
    let tokens
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: p.codeVerifier,
        expectedState: p.state,
        expectedNonce: p.nonce,
        idTokenExpected: true,
      })
    } catch (e) {
      throw new ProviderError(`code exchange refused: ${e instanceof Error ? e.message : String(e)}`)
    }
    const claims = tokens.claims()
    if (!claims?.sub) throw new ProviderError('no subject in the ID token')
    const pickName = (c: Record<string, unknown>) =>
      [c.name, c.preferred_username, c.nickname].find((v): v is string => typeof v === 'string' && v.length > 0)
    let name = pickName(claims)
    // Most providers put profile claims in the UserInfo answer only; the name is for the bind page, so a failure is no refusal.
    if (!name && config.serverMetadata().userinfo_endpoint) {
      name = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub).then(pickName, () => undefined)
    }
    return { subject: claims.sub, displayName: name?.slice(0, 100) ?? null, idToken: tokens.id_token ?? null }
  },
  async refresh(cfg) {
    discovered.delete(cacheKey(cfg))
    const m = (await oidcConfig(cfg, true)).serverMetadata()
    const out: Record<string, string> = { issuer: m.issuer }
    for (const k of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'end_session_endpoint',
      'jwks_uri',
    ] as const) {
      const v = m[k]
      if (typeof v === 'string') out[k] = v
    }
    return out
  },
  async logoutUrl(cfg, p) {
    if (cfg.logoutUrl) {
      const u = new URL(cfg.logoutUrl)
      if (p.postLogoutRedirectUri) u.searchParams.set('redirect_uri', p.postLogoutRedirectUri)
      return u.href
    }
    const config = await oidcConfig(cfg).catch(() => null)
    if (!config?.serverMetadata().end_session_endpoint) return null
    const params: Record<string, string> = { client_id: cfg.clientId }
    if (p.idToken) params.id_token_hint = p.idToken
    if (p.postLogoutRedirectUri) params.post_logout_redirect_uri = p.postLogoutRedirectUri
    return oidc.buildEndSessionUrl(config, params).href
  },
}

// ---- plain JSON over HTTP (DingTalk, WeCom) ---------------------------------------------------------------------

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (e) {
    throw new ProviderError(`${new URL(url).pathname} unreachable: ${String(e)}`)
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (!body || typeof body !== 'object')
    throw new ProviderError(`${new URL(url).pathname} answered ${res.status} without JSON`)
  if (!res.ok)
    throw new ProviderError(`${new URL(url).pathname} answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`)
  return body
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null)
const base = (configured: string | null, fallback: string) => (configured ?? fallback).replace(/\/+$/, '')

/**
 * DingTalk (钉钉) sign-in: the browser goes to login.dingtalk.com/oauth2/auth and comes back with authCode; the server
 * swaps it at POST /v1.0/oauth2/userAccessToken ({clientId, clientSecret, code, grantType: authorization_code}) for
 * the person's accessToken and reads GET /v1.0/contact/users/me with the x-acs-dingtalk-access-token header. The
 * subject is unionId (stable across the corporation's apps).
 */
const dingtalk: Connector = {
  async authorizeUrl(cfg, p) {
    const u = new URL(`${base(cfg.authBase, 'https://login.dingtalk.com')}/oauth2/auth`)
    u.search = new URLSearchParams({
      redirect_uri: p.redirectUri,
      response_type: 'code',
      client_id: cfg.clientId,
      scope: 'openid',
      state: p.state,
      prompt: 'consent',
    }).toString()
    return u.href
  },
  async exchange(cfg, p) {
    const api = base(cfg.apiBase, 'https://api.dingtalk.com')
    const token = await getJson(`${api}/v1.0/oauth2/userAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret ?? '',
        code: p.code,
        grantType: 'authorization_code',
      }),
    })
    const accessToken = str(token.accessToken)
    if (!accessToken)
      throw new ProviderError(`userAccessToken refused: ${str(token.message) ?? str(token.code) ?? 'no accessToken'}`)
    const me = await getJson(`${api}/v1.0/contact/users/me`, {
      headers: { 'x-acs-dingtalk-access-token': accessToken },
    })
    const subject = str(me.unionId) ?? str(me.openId)
    if (!subject) throw new ProviderError('contact/users/me has no unionId')
    return { subject, displayName: str(me.nick)?.slice(0, 100) ?? null, idToken: null }
  },
  async refresh(cfg) {
    // The app's own token proves the Client ID and secret (POST /v1.0/oauth2/accessToken {appKey, appSecret}).
    const api = base(cfg.apiBase, 'https://api.dingtalk.com')
    const r = await getJson(`${api}/v1.0/oauth2/accessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appKey: cfg.clientId, appSecret: cfg.clientSecret ?? '' }),
    })
    if (!str(r.accessToken)) throw new ProviderError(`accessToken refused: ${str(r.message) ?? 'no accessToken'}`)
    return {
      authorization_endpoint: `${base(cfg.authBase, 'https://login.dingtalk.com')}/oauth2/auth`,
      token_endpoint: `${api}/v1.0/oauth2/userAccessToken`,
      userinfo_endpoint: `${api}/v1.0/contact/users/me`,
    }
  },
  async logoutUrl() {
    return null
  },
}

/** WeCom's access_token lives 7200 s and its gettoken is rate-limited: kept per corp and secret until 5 minutes before. */
const wecomTokens = new Map<string, { token: string; until: number }>()

async function wecomToken(cfg: ConnectorConfig, api: string, fresh = false): Promise<string> {
  // The API base too: a token is only good at the host that issued it.
  const key = `${api}|${cfg.tenantId}:${cfg.id}:${+cfg.updatedAt}`
  const hit = wecomTokens.get(key)
  if (hit && !fresh && hit.until > Date.now()) return hit.token
  const u = new URL(`${api}/cgi-bin/gettoken`)
  u.search = new URLSearchParams({ corpid: cfg.clientId, corpsecret: cfg.clientSecret ?? '' }).toString()
  const r = await getJson(u.href)
  const token = str(r.access_token)
  if (r.errcode !== 0 || !token)
    throw new ProviderError(`gettoken refused: ${String(r.errcode)} ${str(r.errmsg) ?? ''}`)
  const ttl = typeof r.expires_in === 'number' ? r.expires_in : 7200
  wecomTokens.set(key, { token, until: Date.now() + Math.max(60, ttl - 300) * 1000 })
  return token
}

/**
 * WeCom (企业微信) web login: login.work.weixin.qq.com/wwlogin/sso/login (login_type CorpApp, appid = CorpID,
 * agentid) returns code; the server reads GET /cgi-bin/auth/getuserinfo?access_token&code with the app's
 * access_token (GET /cgi-bin/gettoken?corpid&corpsecret). Only members of the corporation (userid) may sign in.
 */
const wecom: Connector = {
  async authorizeUrl(cfg, p) {
    const u = new URL(`${base(cfg.authBase, 'https://login.work.weixin.qq.com')}/wwlogin/sso/login`)
    u.search = new URLSearchParams({
      login_type: 'CorpApp',
      appid: cfg.clientId,
      agentid: cfg.agentId ?? '',
      redirect_uri: p.redirectUri,
      state: p.state,
    }).toString()
    return u.href
  },
  async exchange(cfg, p) {
    const api = base(cfg.apiBase, 'https://qyapi.weixin.qq.com')
    const read = async (fresh: boolean) => {
      const u = new URL(`${api}/cgi-bin/auth/getuserinfo`)
      u.search = new URLSearchParams({ access_token: await wecomToken(cfg, api, fresh), code: p.code }).toString()
      return getJson(u.href)
    }
    let r = await read(false)
    // 42001 / 40014: the cached access_token expired or was revoked; one fresh token, then the answer stands.
    if (r.errcode === 42001 || r.errcode === 40014) r = await read(true)
    if (r.errcode !== 0) throw new ProviderError(`getuserinfo refused: ${String(r.errcode)} ${str(r.errmsg) ?? ''}`)
    const userId = str(r.userid) ?? str(r.UserId)
    if (!userId) throw new ProviderError('not a member of the corporation (no userid)')
    return { subject: userId, displayName: userId, idToken: null }
  },
  async refresh(cfg) {
    const api = base(cfg.apiBase, 'https://qyapi.weixin.qq.com')
    await wecomToken(cfg, api, true)
    return {
      authorization_endpoint: `${base(cfg.authBase, 'https://login.work.weixin.qq.com')}/wwlogin/sso/login`,
      token_endpoint: `${api}/cgi-bin/gettoken`,
      userinfo_endpoint: `${api}/cgi-bin/auth/getuserinfo`,
    }
  },
  async logoutUrl() {
    return null
  },
}

export const CONNECTORS: Record<ThirdType, Connector> = {
  oidc: openIdConnect,
  smartEdu: openIdConnect,
  dingtalk,
  wecom,
}
