import { Msg } from '@zhixiao/shared'
import { authApi } from '../../api/auth'
import { notify } from '../../api/feedback'
import { queryClient } from '../../api/query-client'
import { navigateTo } from '../../router/navigation'
import { clearLocalSession } from '../../stores/clear-local'
import { clearToken } from '../../stores/token'

/**
 * Logout (000 §4): tell the server (unless the session is already gone), drop the token cookie and most local
 * storage (tenant and login-page info stay), say 退出登录成功 and show the login page.
 */
export async function logout(opts: { callServer?: boolean } = {}): Promise<void> {
  if (opts.callServer !== false) {
    try { await authApi.logout() } catch { /* the session may already be gone; clear locally anyway */ }
  }
  clearToken()
  // Leave the signed-in pages first, so nothing under the session gate reacts to the cleared state.
  await navigateTo('/redirect/login', { replace: true })
  clearLocalSession()
  queryClient.clear()
  notify.success(Msg.LOGOUT_OK)
}
