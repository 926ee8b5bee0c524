import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '@zhixiao/shared'

/**
 * The token read once and kept. Hooks ask for it in every render (`enabled: !!getToken()`), and reading
 * document.cookie is a call out of the page's process in Chromium: the signed-in home's first render read it often
 * enough to cost 0.4 s of main thread on a throttled phone (issue 28, docs/performance.md). Where the browser has the
 * Cookie Store API, its change event (any cookie of the page, set by another tab or by the server too) drops the
 * copy; elsewhere the copy lasts while the running code lasts (a microtask forgets it). Either way a token another tab
 * set or cleared is seen at the next event. (Round three: React now renders in slices of a few ms, each its own task,
 * so the microtask copy alone was read again in every slice: 0.12 s of the home's start at 4x.)
 */
// Signed out there is nothing to keep: each call reads the cookie.
let memo: string | undefined
const forget = () => (memo = undefined)
const cookieStore = (globalThis as { cookieStore?: EventTarget }).cookieStore
cookieStore?.addEventListener('change', forget)

/**
 * The cookie as js-cookie read and wrote it (its default path /, the value URI-encoded; a quoted value unquoted), in a
 * few lines: the library was 0.8 KB of the login route's budget (issue 12), which this round's changes needed.
 */
function readCookie(name: string): string | undefined {
  for (const pair of document.cookie ? document.cookie.split('; ') : []) {
    const at = pair.indexOf('=')
    if (pair.slice(0, at) !== name) continue
    const value = pair.slice(at + 1).replace(/^"(.*)"$/, '$1')
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}
const writeCookie = (value: string, days: number): void => {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(value)}; path=/; expires=${new Date(Date.now() + days * 864e5).toUTCString()}; SameSite=Lax`
  forget()
}

/** The session token lives in the cookie the spec names (30 days) and travels as a bearer header. */
export const getToken = (): string | undefined => {
  if (memo) return memo
  if (!cookieStore) queueMicrotask(forget)
  return (memo = readCookie(TOKEN_COOKIE))
}
export const setToken = (token: string): void => writeCookie(token, TOKEN_COOKIE_DAYS)
export const clearToken = (): void => writeCookie('', -1)
