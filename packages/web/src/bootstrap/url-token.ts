import { setToken } from '../stores/token'

const PARAM = 'accesstoken'
const SWAP_URL = '/base/api/auth/swap/once/token'

/** Swaps a once-token for a session token; null when it is spent, expired or unknown. */
async function swap(onceToken: string): Promise<string | null> {
  try {
    const res = await fetch(SWAP_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ onceToken }) })
    const body = (await res.json()) as { code?: number; data?: { accessToken?: unknown } }
    return body.code === 0 && typeof body.data?.accessToken === 'string' ? body.data.accessToken : null
  } catch {
    return null
  }
}

/**
 * Startup (000 §2.4): a token handed over in the URL (?accesstoken=, before or after the hash) is exchanged, the
 * session stored, the token removed from the URL, and the page reloads. The URL only ever carries a single-use
 * once-token (POST swap/once/token), never a session token. A failed swap reloads signed out as before. Returns
 * true when a reload is under way (the app is not rendered meanwhile).
 */
export function takeTokenFromUrl(): boolean {
  const url = new URL(window.location.href)
  const [hashPath, hashQuery = ''] = url.hash.split('?')
  const hashParams = new URLSearchParams(hashQuery)
  const token = url.searchParams.get(PARAM) ?? hashParams.get(PARAM)
  if (!token) return false
  url.searchParams.delete(PARAM)
  hashParams.delete(PARAM)
  const rest = hashParams.toString()
  url.hash = rest ? `${hashPath}?${rest}` : hashPath
  // Off the address bar and history at once, before the exchange answers.
  window.history.replaceState(null, '', url.toString())
  void swap(token).then((session) => {
    if (session) setToken(session)
    window.location.reload()
  })
  return true
}
