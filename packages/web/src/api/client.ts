import { ERROR_MESSAGE_DELAY_MS, isSuccess, Msg, REQUEST_TIMEOUT_MS, type Envelope } from '@zhixiao/shared'
import { navigateTo } from '../router/navigation'
import { useSession } from '../stores/session'
import { clearToken, getToken } from '../stores/token'
import { notify } from './feedback'
import { goToLogin } from './unauthorized'

type ParamValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST'
  /** GET payloads go as query parameters (000 §7.1). */
  params?: Record<string, ParamValue>
  body?: unknown
  /** false: the caller shows the message itself (login page, silenced config calls). */
  showError?: boolean
  headers?: Record<string, string>
  /** false: a 404 envelope is the caller's to handle instead of a jump to /404. */
  notFoundPage?: boolean
  /** false: a 401 only clears the token; the caller (a route loader) decides where to go. */
  loginRedirect?: boolean
}

/** A refused or failed call: `code` is the envelope code, the HTTP status, or -1 without a response. */
export class ApiError extends Error {
  constructor(readonly code: number, message: string, readonly data: unknown = null) { super(message) }
}

const randomId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`

function queryString(params?: Record<string, ParamValue>): string {
  if (!params) return ''
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** Spec headers (000 §7.1): bearer token from the cookie, requestId, ysNetType, temporary tenant id or 0. */
function headersFor(opts: RequestOptions): Record<string, string> {
  const token = getToken()
  const tempTenant = useSession.getState().tempTenant
  return {
    requestId: randomId(),
    ysNetType: '0',
    tenantId: tempTenant ? String(tempTenant.id) : '0',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...opts.headers,
  }
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number'
}

/** Our server's msg, or the `message` of a framework error body, or null. */
function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null
  const { msg, message } = body as { msg?: unknown; message?: unknown }
  return typeof msg === 'string' && msg ? msg : typeof message === 'string' && message ? message : null
}

function fail(code: number, text: string, show: boolean, delayed = false, data: unknown = null): never {
  if (show) {
    if (delayed) setTimeout(() => notify.error(text), ERROR_MESSAGE_DELAY_MS)
    else notify.error(text)
  }
  throw new ApiError(code, text, data)
}

/**
 * The one HTTP client: spec headers, 300 s timeout, and the envelope and status rules of 000 §8. Resolves with the
 * whole envelope on the success codes 0 and 201; rejects with ApiError otherwise, after showing what the spec says.
 */
export async function requestEnvelope<T>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
  const show = opts.showError !== false
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  let res: Response
  let body: unknown
  try {
    res = await fetch(url + queryString(opts.params), {
      method,
      headers: headersFor(opts),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: controller.signal,
    })
    body = await res.json().catch(() => null)
  } catch {
    return fail(-1, Msg.NETWORK_ERROR, show)
  } finally {
    clearTimeout(timer)
  }
  const env = isEnvelope(body) ? body : null

  if (res.status === 401 || env?.code === 401) {
    if (opts.loginRedirect === false) clearToken()
    else goToLogin()
    throw new ApiError(401, env?.msg || Msg.NOT_LOGGED_IN)
  }
  if (res.status === 403 || env?.code === 403) return fail(403, Msg.NO_PERMISSION, show)
  if (env?.code === 404) {
    if (opts.notFoundPage !== false) void navigateTo('/404')
    throw new ApiError(404, env.msg || Msg.NOT_FOUND)
  }
  if (res.status === 500) return fail(500, Msg.SERVER_ERROR, show)
  if (res.status === 503) return fail(503, Msg.SERVICE_UNAVAILABLE, show)
  if (!env) return fail(res.status, serverMessage(body) ?? `${Msg.SERVER_ERROR}（${res.status}）`, show)
  // Any other envelope code (whatever the HTTP status): the server's msg, after 600 ms.
  if (!res.ok || !isSuccess(env.code)) return fail(env.code, env.msg || Msg.SERVER_ERROR, show, true, env.data)
  return env as Envelope<T>
}

/** The data of a successful call. */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(url, opts)).data
}
