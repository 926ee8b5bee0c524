import { Msg } from '@zhixiao/shared'
import { authApi } from '../api/auth'
import { notify } from '../api/feedback'
import { clearLocalSession } from '../stores/session'
import { navigateTo } from '../router/navigation'
import { setLoadedUser } from './session-loader'
import { clearToken } from './token'

/** Logout (000 §4): tell the server, drop the token and most local storage, then the login page. */
export async function logout(opts: { callServer?: boolean } = {}): Promise<void> {
  if (opts.callServer !== false) {
    try { await authApi.logout() } catch { /* the session may already be gone; clear locally anyway */ }
  }
  clearToken()
  // Leave the signed-in pages first, so nothing under the session gate reacts to the cleared state.
  await navigateTo('/redirect/login', { replace: true })
  clearLocalSession()
  setLoadedUser(null)
  notify.success(Msg.LOGOUT_OK)
}
