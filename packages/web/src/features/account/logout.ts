import { Msg } from '@zhixiao/shared'
import { authApi } from '../../api/auth'
import { notify } from '../../api/feedback'
import { queryClient } from '../../api/query-client'
import { navigateTo } from '../../navigation/navigate'
import { clearLocalSession } from '../../stores/clear-local'
import { useSession } from '../../stores/session'
import { clearToken } from '../../stores/token'
import { ssoApi } from '../sso/api'
import { logoutDestination } from './logout-destination'

/**
 * Logout (000 §4): tell the server (unless the session is already gone), drop the token cookie and most local
 * storage (tenant and login-page info stay), say 退出登录成功 and go where the tenant type says
 * (logout-destination.ts). A session that came through the smart-education platform ends there too: its logout
 * address is asked for while the session still exists (third/querySmartEduLogoutUrl), and the browser goes on to it.
 */
export async function logout(opts: { callServer?: boolean } = {}): Promise<void> {
  const { userInfo, tenantModuleType } = useSession.getState()
  const to = logoutDestination({ user: userInfo, tenantModuleType })
  let external: string | null = null
  if (opts.callServer !== false) {
    // An alumni session may not ask (the server refuses it every route but its own few); it has no platform logout.
    if (!userInfo?.alumni)
      external = (await ssoApi.smartEduLogoutUrl(`${window.location.origin}/`).catch(() => null))?.logoutUrl ?? null
    try {
      await authApi.logout()
    } catch {
      /* the session may already be gone; clear locally anyway */
    }
  }
  clearToken()
  // Leave the signed-in pages first, so nothing under the session gate reacts to the cleared state.
  await navigateTo(to, { replace: true })
  clearLocalSession()
  queryClient.clear()
  if (external) {
    window.location.assign(external)
    return
  }
  notify.success(Msg.LOGOUT_OK)
}
