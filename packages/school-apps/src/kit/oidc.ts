import { createRemoteJWKSet, customFetch as joseFetch } from 'jose'
import * as client from 'openid-client'
import { HTTP_TIMEOUT_MS, type AppClient, type ResolvedOptions } from './config.js'

/**
 * One app's client at the hub's OpenID provider: discovery (on first need, again after a failure — the portal may
 * start after the apps), the JWKS for logout tokens, the client-credentials token for the hub's open calls.
 *
 * The issuer is named by the portal's public address (what browsers see); the apps' server reaches the hub at
 * portalUrl. When the two differ, every call to the public origin is sent to portalUrl instead.
 */
export interface IssuerClient {
  config(): Promise<client.Configuration>
  jwks(): Promise<ReturnType<typeof createRemoteJWKSet>>
  /** A client-credentials access token (cached until a minute before it expires). */
  token(): Promise<string>
  /** Drops the cached token (a call answered 401). */
  forgetToken(): void
}

/** What the apps' server asks for with client credentials: the directory and the hub's messages and badges. */
const SERVER_SCOPE = 'directory zx:notify'

export function issuerClient(o: ResolvedOptions, app: AppClient): IssuerClient {
  const publicOrigin = new URL(o.portalPublicUrl).origin
  const serverOrigin = new URL(o.portalUrl).origin
  const fetchFn = (url: string, init?: RequestInit) => {
    const u = new URL(url)
    const target =
      u.origin === publicOrigin && publicOrigin !== serverOrigin ? serverOrigin + u.href.slice(u.origin.length) : url
    return fetch(target, { ...init, signal: init?.signal ?? AbortSignal.timeout(HTTP_TIMEOUT_MS) })
  }
  const insecure = new URL(o.issuer).protocol === 'http:'
  let discovered: Promise<client.Configuration> | null = null
  const config = () =>
    (discovered ??= client
      .discovery(new URL(o.issuer), app.clientId, app.clientSecret, client.ClientSecretBasic(app.clientSecret), {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_MS / 1000,
        [client.customFetch]: fetchFn as client.CustomFetch,
      })
      .catch((e: unknown) => {
        discovered = null
        throw e
      }))
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null
  const jwks = async () =>
    (keys ??= createRemoteJWKSet(new URL(String((await config()).serverMetadata().jwks_uri)), {
      timeoutDuration: HTTP_TIMEOUT_MS,
      [joseFetch]: fetchFn,
    }))

  let cached: { token: string; until: number } | null = null
  let pending: Promise<string> | null = null
  // The hub refuses a scope it does not know or did not grant (invalid_scope): then the directory alone.
  let scope = SERVER_SCOPE
  const fetchToken = async (): Promise<string> => {
    const c = await config()
    let t: client.TokenEndpointResponse
    try {
      t = await client.clientCredentialsGrant(c, { scope })
    } catch (e) {
      if (scope !== 'directory' && e instanceof client.ResponseBodyError && e.error === 'invalid_scope') {
        scope = 'directory'
        t = await client.clientCredentialsGrant(c, { scope })
      } else throw e
    }
    cached = { token: t.access_token, until: Date.now() + ((t.expires_in ?? 3600) - 60) * 1000 }
    return t.access_token
  }
  return {
    config,
    jwks,
    token: async () => {
      if (cached && cached.until > Date.now()) return cached.token
      return (pending ??= fetchToken().finally(() => (pending = null)))
    },
    forgetToken: () => {
      cached = null
    },
  }
}
