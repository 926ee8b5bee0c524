import { ERROR_MESSAGE_DELAY_MS, isSuccess, Msg, REQUEST_TIMEOUT_MS, type Envelope } from '@zhixiao/shared'
import { clearToken, getToken } from '../auth/token'
import { navigateTo } from '../router/navigation'
import { useSession } from '../stores/session'
import { notify } from './feedback'

export interface RequestOptions {
  method?: 'GET' | 'POST'
  /** GET payloads go as query parameters (000 §7.1). */
  params?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  /** false: the caller shows the message itself (login page, silenced config calls). */
  showError?: boolean
  headers?: Record<string, string>
  /** false: a 404 envelope is the caller's to handle instead of a jump to /404. */
  notFoundPage?: boolean
  /** false: a 401 only clears the token; the caller (a route loader) decides where to go. */
  loginRedirect?: boolean
}

export class ApiError extends Error {
  constructor(readonly code: number, message: string, readonly data: unknown = null) { super(message) }
}

const randomId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/** 401: forget the token and go to login with redirect, from=own and orgId; an embedded frame moves its parent. */
export function goToLogin(): void {
  clearToken()
  const hash = window.location.hash.replace(/^#/, '') || '/'
  if (hash.startsWith('/redirect/')) return
  const orgId = useSession.getState().userInfo?.orgId
  const q = new URLSearchParams({ redirect: hash, from: 'own', ...(orgId !== undefined ? { orgId: String(orgId) } : {}) })
  const target = `/redirect/login?${q}`
  if (window.top && window.top !== window) {
    try { window.top.location.hash = `#${target}`; return } catch { /* cross-origin parent: fall back to this frame */ }
  }
  void navigateTo(target, { replace: true }).then(() => useSession.getState().clearLogin())
}

function showLater(text: string, enabled: boolean) {
  if (enabled) setTimeout(() => notify.error(text), ERROR_MESSAGE_DELAY_MS)
}

/**
 * The one HTTP client: spec headers, timeout, and the envelope and status rules of 000 §8. Resolves with the
 * whole envelope on success codes; rejects with ApiError otherwise (after showing what the spec says to show).
 */
export async function requestEnvelope<T>(url: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
  const showError = opts.showError !== false
  const query = opts.params
    ? '?' + new URLSearchParams(Object.entries(opts.params).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)])).toString()
    : ''
  const token = getToken()
  const tempTenant = useSession.getState().tempTenant
  const headers: Record<string, string> = {
    requestId: randomId(),
    ysNetType: '0',
    tenantId: tempTenant ? String(tempTenant.id) : '0',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...opts.headers,
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS)
  let res: Response
  try {
    res = await fetch(url + query, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: controller.signal })
  } catch {
    if (showError) notify.error(Msg.NETWORK_ERROR)
    throw new ApiError(-1, Msg.NETWORK_ERROR)
  } finally {
    clearTimeout(timer)
  }
  const env = (await res.json().catch(() => null)) as Envelope<T> | null

  if (res.status === 401 || env?.code === 401) {
    if (opts.loginRedirect === false) clearToken()
    else goToLogin()
    throw new ApiError(401, env?.msg ?? Msg.NOT_LOGGED_IN)
  }
  if (res.status === 403 || env?.code === 403) {
    if (showError) notify.error(Msg.NO_PERMISSION)
    throw new ApiError(403, Msg.NO_PERMISSION)
  }
  if (env?.code === 404) {
    if (opts.notFoundPage !== false) void navigateTo('/404')
    throw new ApiError(404, env.msg)
  }
  if (res.status === 500) { if (showError) notify.error(Msg.SERVER_ERROR); throw new ApiError(500, Msg.SERVER_ERROR) }
  if (res.status === 503) { if (showError) notify.error(Msg.SERVICE_UNAVAILABLE); throw new ApiError(503, Msg.SERVICE_UNAVAILABLE) }
  if (!env) {
    const text = `${Msg.SERVER_ERROR}（${res.status}）`
    if (showError) notify.error(text)
    throw new ApiError(res.status, text)
  }
  if (!res.ok || !isSuccess(env.code)) {
    showLater(env.msg, showError)
    throw new ApiError(env.code, env.msg, env.data)
  }
  return env
}

export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(url, opts)).data
}
