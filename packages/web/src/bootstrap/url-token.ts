import { Msg, onceTokenContracts, pathOf } from '@zhixiao/shared'
import { setToken } from '../stores/token'

const PARAM = 'accesstoken'
const SWAP_URL = pathOf(onceTokenContracts.swap)

/** What a swap came to: a session token, a refused token (spent, expired, forged) or no answer at all. */
export type SwapResult = { ok: true; token: string } | { ok: false; msg: string }

/** Swaps a once-token for a session token; a refusal is 非法请求, a failure to reach the server 网络错误 (000 §5). */
export async function swapOnceToken(onceToken: string, fetcher: typeof fetch = fetch): Promise<SwapResult> {
  let body: { code?: number; data?: { accessToken?: unknown } } | null
  try {
    const res = await fetcher(SWAP_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ onceToken }),
    })
    body = (await res.json().catch(() => null)) as typeof body
    // A gateway's error page (502, 503, 504) is not the server refusing the token.
    if (!body && res.status >= 500) return { ok: false, msg: Msg.NETWORK_ERROR_SHORT }
  } catch {
    return { ok: false, msg: Msg.NETWORK_ERROR_SHORT }
  }
  return body?.code === 0 && typeof body.data?.accessToken === 'string'
    ? { ok: true, token: body.data.accessToken }
    : { ok: false, msg: Msg.ILLEGAL_REQUEST }
}

/**
 * Startup (000 §2.4, §7.2): a token handed over in the URL (?accesstoken=, before or after the hash) is exchanged,
 * the session stored, the token removed from the URL, and the page reloads. The URL only ever carries a single-use
 * once-token (POST swap/once/token, 60 s), never a session token: that is the redirect token "encrypted before use"
 * (docs/auth.md). A refused exchange shows 非法请求 and a network failure 网络错误 (000 §5) on the page as it opens,
 * signed out. Returns true when the exchange is under way (the caller renders nothing until `onFailed` runs).
 */
export function takeTokenFromUrl(onFailed: (msg: string) => void): boolean {
  // Off the address bar and history at once, before the exchange answers.
  const token = takeUrlParam(PARAM)
  if (!token) return false
  void swapOnceToken(token).then((r) => {
    if (!r.ok) {
      onFailed(r.msg)
      return
    }
    setToken(r.token)
    window.location.reload()
  })
  return true
}

/**
 * A startup parameter (000 §2.4: in the query before or after the hash), taken off the address bar and history at
 * once so a reload or a shared link does not repeat it.
 */
export function takeUrlParam(name: string): string | null {
  const url = new URL(window.location.href)
  const [hashPath, hashQuery = ''] = url.hash.split('?')
  const hashParams = new URLSearchParams(hashQuery)
  const value = url.searchParams.get(name) ?? hashParams.get(name)
  if (value === null) return null
  url.searchParams.delete(name)
  hashParams.delete(name)
  const rest = hashParams.toString()
  url.hash = rest ? `${hashPath}?${rest}` : hashPath
  window.history.replaceState(null, '', url.toString())
  return value
}

/**
 * A startup notice (a failed exchange, a tenant switch, a failed config centre): plain DOM in the look of the login
 * page's alert, before any component library has loaded, gone after 6 s or on a click. Several stack downwards.
 */
export function showStartupNotice(msg: string, kind: 'error' | 'success' = 'error'): void {
  const el = document.createElement('div')
  el.setAttribute('role', kind === 'error' ? 'alert' : 'status')
  el.dataset.testid = 'startup-notice'
  el.textContent = msg
  const colours =
    kind === 'error' ? 'border:1px solid #ffccc7;background:#fff2f0' : 'border:1px solid #b7eb8f;background:#f6ffed'
  const top = 16 + 48 * document.querySelectorAll('[data-testid="startup-notice"]').length
  el.style.cssText =
    `position:fixed;top:${top}px;left:50%;` +
    'transform:translateX(-50%);z-index:2000;max-width:calc(100vw - 32px);' +
    `padding:8px 16px;${colours};border-radius:8px;color:rgba(0,0,0,.88);font-size:14px;` +
    'box-shadow:0 6px 16px rgba(0,0,0,.08);cursor:pointer'
  const close = () => el.remove()
  el.addEventListener('click', close)
  setTimeout(close, 6000)
  document.body.appendChild(el)
}
