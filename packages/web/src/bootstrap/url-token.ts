import { setToken } from '../stores/token'

const PARAM = 'accesstoken'

/**
 * Startup (000 §2.4): a token handed over in the URL (?accesstoken=, before or after the hash) is stored,
 * removed from the URL, and the page reloads. Returns true when a reload is under way.
 */
export function takeTokenFromUrl(): boolean {
  const url = new URL(window.location.href)
  const [hashPath, hashQuery = ''] = url.hash.split('?')
  const hashParams = new URLSearchParams(hashQuery)
  const token = url.searchParams.get(PARAM) ?? hashParams.get(PARAM)
  if (!token) return false
  setToken(token)
  url.searchParams.delete(PARAM)
  hashParams.delete(PARAM)
  const rest = hashParams.toString()
  url.hash = rest ? `${hashPath}?${rest}` : hashPath
  window.history.replaceState(null, '', url.toString())
  window.location.reload()
  return true
}
