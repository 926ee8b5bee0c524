import Cookies from 'js-cookie'
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '@zhixiao/shared'

/** The session token lives in the cookie the spec names (30 days) and travels as a bearer header. */
export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE) || undefined
export const setToken = (token: string): void => {
  Cookies.set(TOKEN_COOKIE, token, { expires: TOKEN_COOKIE_DAYS, sameSite: 'lax' })
}
export const clearToken = (): void => {
  Cookies.remove(TOKEN_COOKIE)
}
