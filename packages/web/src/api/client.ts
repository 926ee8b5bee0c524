import {
  ERROR_MESSAGE_DELAY_MS,
  isSuccess,
  Msg,
  netTypeOfHost,
  REQUEST_TIMEOUT_MS,
  type Envelope,
} from '@zhixiao/shared'
import { navigateTo } from '../navigation/navigate'
import { useSession } from '../stores/session'
import { clearToken, getToken } from '../stores/token'
import { notify } from './feedback'
import { newRequestId } from './request-id'
import { goToLogin } from './unauthorized'

type ParamValue = string | number | boolean | null | undefined

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT'
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
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message)
  }
}

function queryString(params?: Record<string, ParamValue>): string {
  if (!params) return ''
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.set(k, String(v))
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The address the page was opened on does not change while it is open: its net type is worked out once. */
const NET_TYPE = String(netTypeOfHost(window.location.hostname))

/**
 * The spec's headers of every call (000 §7.1): requestId; ysNetType, 1 when the portal was opened on an intranet
 * address (shared netTypeOfHost); tenantId, the temporary tenant (?tn= or the login page's 切换租户), else the tenant
 * of the address's host name (docs/auth.md "Tenant by domain"), else 0; the bearer token.
 */
export function specHeaders(token: string | undefined): Record<string, string> {
  const { tempTenant, domainTenant } = useSession.getState()
  const tenant = tempTenant ?? domainTenant
  return {
    requestId: newRequestId(),
    ysNetType: NET_TYPE,
    tenantId: tenant ? String(tenant.id) : '0',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }
}

function headersFor(opts: RequestOptions, token: string | undefined): Record<string, string> {
  return {
    ...specHeaders(token),
    // A FormData body (an upload) sets its own multipart type and boundary.
    ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
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

/** Sends a call with the spec headers and the 300 s timeout; `read` takes the body inside the timeout. */
async function exchange<B>(
  url: string,
  opts: RequestOptions,
  read: (res: Response) => Promise<B>,
): Promise<{ res: Response; body: B; sentToken: string | undefined }> {
  const sentToken = getToken()
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  try {
    const res = await fetch(url + queryString(opts.params), {
      method,
      headers: headersFor(opts, sentToken),
      body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
      signal: controller.signal,
    })
    return { res, body: await read(res), sentToken }
  } catch {
    return fail(-1, Msg.NETWORK_ERROR, opts.showError !== false)
  } finally {
    clearTimeout(timer)
  }
}

/** The envelope and status rules of 000 §8 applied to an answer: the envelope on success, ApiError otherwise. */
function settle<T>(res: Response, body: unknown, opts: RequestOptions, sentToken: string | undefined): Envelope<T> {
  const show = opts.showError !== false
  const env = isEnvelope(body) ? body : null

  if (res.status === 401 || env?.code === 401) {
    // Only the session the call went out with has ended: a late answer to a call of an earlier session (a poll
    // sent before a password change, answered after the next sign-in) must not sign the new session out.
    if (sentToken === getToken()) {
      if (opts.loginRedirect === false) clearToken()
      else goToLogin()
    }
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

/**
 * The one HTTP client: spec headers, 300 s timeout, and the envelope and status rules of 000 §8. Resolves with the
 * whole envelope on the success codes 0 and 201; rejects with ApiError otherwise, after showing what the spec says.
 * A FormData body goes as multipart (an Excel upload).
 */
export async function requestEnvelope<T>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { res, body, sentToken } = await exchange(url, opts, (r) => r.json().catch(() => null) as Promise<unknown>)
  return settle<T>(res, body, opts, sentToken)
}

/** A file answer: the bytes and the name the server gave in Content-Disposition (RFC 5987 filename* first). */
export interface FileAnswer {
  blob: Blob
  fileName: string | null
}

function fileNameOf(res: Response): string | null {
  const cd = res.headers.get('content-disposition') ?? ''
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)
  if (star) {
    try {
      return decodeURIComponent(star[1])
    } catch {
      /* a malformed name: try the plain one */
    }
  }
  return /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? null
}

/**
 * A blob download (000 §7.1, §8): a file on success. A refusal comes back as a JSON envelope and goes through the
 * same rules as any call; a JSON answer is never a file, so even a "successful" one is treated as an error.
 */
export async function requestBlob(url: string, opts: RequestOptions = {}): Promise<FileAnswer> {
  const isJson = (r: Response) => (r.headers.get('content-type') ?? '').includes('application/json')
  const { res, body, sentToken } = await exchange(url, opts, async (r) =>
    isJson(r) || !r.ok ? { json: (await r.json().catch(() => null)) as unknown } : { blob: await r.blob() },
  )
  if (body.blob) return { blob: body.blob, fileName: fileNameOf(res) }
  const env = settle<unknown>(res, body.json, opts, sentToken)
  return fail(env.code, env.msg || Msg.SERVER_ERROR, opts.showError !== false, true)
}

/** The data of a successful call. */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(url, opts)).data
}
