import { message } from 'antd'

/**
 * The app's calls to its own server (/<key>/api/…): each answers the `data` of the {code, msg, data} envelope. A
 * refusal shows its Chinese msg and rejects with an ApiError; a missing session goes to the sign-in (the hub signs a
 * person already signed in to the portal straight back) and returns to the same page.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The app's key: the first segment of the page's path (/leave/ → leave). */
export const appKey = (): string => location.pathname.split('/')[1] ?? ''

/** After 退出 the hub sends the browser back with ?state=signed-out: then the page says so instead of signing in. */
export const signedOut = (): boolean => new URLSearchParams(location.search).get('state') === 'signed-out'

export function signInUrl(): string {
  const here = `${location.pathname}${location.hash}`
  return `/${appKey()}/login?return=${encodeURIComponent(here)}`
}

export function goSignIn(): void {
  if (!signedOut()) location.assign(signInUrl())
}

export const logoutUrl = (): string => `/${appKey()}/logout`

interface Envelope<T> {
  code: number
  msg: string
  data: T
}

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as Envelope<unknown>).code === 'number'

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`/${appKey()}/api${path}`, { credentials: 'same-origin', ...init })
  } catch {
    message.error('网络连接失败，请检查网络后重试')
    throw new ApiError(-1, '网络连接失败')
  }
}

async function unwrap<T>(res: Response, quiet401 = false): Promise<T> {
  const env: unknown = await res.json().catch(() => null)
  if (res.status === 401) {
    if (!quiet401) goSignIn()
    throw new ApiError(401, '请先登录')
  }
  if (!isEnvelope(env)) {
    message.error(res.status >= 500 ? '服务器内部错误' : `请求失败（${res.status}）`)
    throw new ApiError(res.status, '请求失败')
  }
  if (env.code !== 0) {
    message.error(env.msg || '操作失败')
    throw new ApiError(env.code, env.msg)
  }
  return env.data as T
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body ?? {}),
})

/** The file name of a download: RFC 5987 filename* first (Chinese names), then filename. */
function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? ''
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)
  if (star) {
    try {
      return decodeURIComponent(star[1]!)
    } catch {
      /* a malformed name: the plain one or the fallback */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(cd)
  return plain ? plain[1]! : fallback
}

export const api = {
  get: async <T>(path: string): Promise<T> => unwrap<T>(await send(path, { method: 'GET' })),
  post: async <T>(path: string, body?: unknown): Promise<T> => unwrap<T>(await send(path, json('POST', body))),
  /** A multipart upload (a picture, an Excel sheet): the browser sets the boundary. */
  upload: async <T>(path: string, form: FormData): Promise<T> =>
    unwrap<T>(await send(path, { method: 'POST', body: form })),
  /** A file the server builds (an Excel export): saved under the server's name. */
  download: async (path: string, fallbackName = '导出.xlsx'): Promise<void> => {
    const res = await send(path, { method: 'GET' })
    const type = res.headers.get('content-type') ?? ''
    if (!res.ok || type.includes('application/json')) {
      await unwrap<never>(res)
      return
    }
    const url = URL.createObjectURL(await res.blob())
    const a = document.createElement('a')
    a.href = url
    a.download = fileNameOf(res, fallbackName)
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  },
  /** /me without the sign-in redirect (the shell decides what a missing session means). */
  me: async <T>(): Promise<T> => unwrap<T>(await send('/me', { method: 'GET' }), true),
}
