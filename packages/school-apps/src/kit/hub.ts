import { HTTP_TIMEOUT_MS } from './config.js'
import type { IssuerClient } from './oidc.js'
import type { HubCalls } from './types.js'

/** An answer of the hub's open API that was not {code: 0}: the status, the envelope's code and msg. */
export class HubError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Calls the hub's open API (/open/v1/…) with the app's client-credentials token and answers the envelope's data.
 * A 401 (the token expired or was revoked) fetches a new token once and tries again.
 */
export function hubApi(portalUrl: string, issuer: IssuerClient) {
  return async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    opts: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(portalUrl + path)
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    for (let attempt = 0; ; attempt++) {
      const token = await issuer.token()
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      })
      if (res.status === 401 && attempt === 0) {
        issuer.forgetToken()
        continue
      }
      const env = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown; data?: unknown } | null
      if (!res.ok || env?.code !== 0) {
        const msg = typeof env?.msg === 'string' ? env.msg : `HTTP ${res.status}`
        throw new HubError(res.status, typeof env?.code === 'number' ? env.code : null, `${method} ${path}: ${msg}`)
      }
      return env.data as T
    }
  }
}
export type HubApi = ReturnType<typeof hubApi>

/** How many recipients or counts go in one call (the hub takes up to 1,000 recipients and 5,000 counts). */
const CHUNK = 500

/**
 * The hub's messages and red dots. A failed call never fails the app's write that caused it (the request is saved;
 * the notice is the hub's business): it is logged, and kept as `lastError` so tests can see it did not pass silently.
 */
export interface KitHubCalls extends HubCalls {
  lastError: Error | null
}

export function hubCalls(api: HubApi, log: (msg: string) => void): KitHubCalls {
  const self: KitHubCalls = {
    lastError: null,
    async notify(msg) {
      const to = [...new Set(msg.to)]
      try {
        for (let i = 0; i < to.length; i += CHUNK) {
          await api('POST', '/open/v1/messages', {
            body: {
              to: to.slice(i, i + CHUNK),
              title: msg.title,
              content: msg.content,
              ...(msg.link ? { link: msg.link } : {}),
            },
          })
        }
      } catch (e) {
        self.lastError = e as Error
        log(`school apps: notify "${msg.title}" failed: ${(e as Error).message}`)
      }
    },
    async setBadges(counts) {
      try {
        for (let i = 0; i < counts.length; i += CHUNK) {
          await api('PUT', '/open/v1/badges', {
            body: { counts: counts.slice(i, i + CHUNK).map((c) => ({ sub: c.sub, count: c.count })) },
          })
        }
      } catch (e) {
        self.lastError = e as Error
        log(`school apps: badges failed: ${(e as Error).message}`)
      }
    },
  }
  return self
}
