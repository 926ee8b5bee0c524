import { SESSION_STORE_KEY, useSession } from './session'
import { TENANT_HISTORY_KEY } from './tenant-history'
import { clearToken } from './token'

/** Logout: the token goes and most local storage with it; tenant info and login-page info stay (000 §4). */
export function clearLocalSession(): void {
  clearToken()
  useSession.getState().clearLogin()
  for (const key of Object.keys(localStorage)) {
    if (key !== SESSION_STORE_KEY && key !== TENANT_HISTORY_KEY) localStorage.removeItem(key)
  }
  sessionStorage.clear()
}
