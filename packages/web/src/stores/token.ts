import Cookies from 'js-cookie'
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '@zhixiao/shared'

/**
 * The token read once while the running code lasts. Hooks ask for it in every render (`enabled: !!getToken()`), and reading
 * document.cookie is a call out of the page's process in Chromium: the signed-in home's first render read it often
 * enough to cost 0.4 s of main thread on a throttled phone (issue 28, docs/performance.md). The copy is dropped at the
 * end of the running code (a microtask), so a token another tab set or cleared is seen at the next event as before.
 */
// Signed out there is nothing to keep: each call reads the cookie.
let memo: string | undefined
const forget = () => (memo = undefined)

/** The session token lives in the cookie the spec names (30 days) and travels as a bearer header. */
export const getToken = (): string | undefined => {
  if (memo) return memo
  queueMicrotask(forget)
  return (memo = Cookies.get(TOKEN_COOKIE))
}
export const setToken = (token: string): void => {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_COOKIE_DAYS, sameSite: 'lax' })
  forget()
}
export const clearToken = (): void => {
  Cookies.remove(TOKEN_COOKIE)
  forget()
}
