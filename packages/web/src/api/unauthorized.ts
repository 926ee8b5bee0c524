import { useSession } from '../stores/session'
import { clearToken } from '../stores/token'
import { navigateTo } from '../navigation/navigate'

/** The login address for an expired session: redirect=<hash path>, from=own and the current orgId when known (000 §8). */
export function loginUrlFor(hashPath: string): string {
  const orgId = useSession.getState().userInfo?.orgId
  const q = new URLSearchParams({
    redirect: hashPath,
    from: 'own',
    ...(orgId !== undefined ? { orgId: String(orgId) } : {}),
  })
  return `/redirect/login?${q}`
}

/** 401: forget the token and go to login; an embedded frame moves its parent page instead (000 §8). */
export function goToLogin(): void {
  clearToken()
  const hash = window.location.hash.replace(/^#/, '') || '/'
  if (hash.startsWith('/redirect/')) return
  const target = loginUrlFor(hash)
  if (window.top && window.top !== window) {
    // Assigning (not reading) the top location is allowed across origins; a sandbox without top navigation throws.
    try {
      window.top.location.href = `${window.location.origin}${window.location.pathname}#${target}`
      return
    } catch {
      /* fall back to this frame */
    }
  }
  void navigateTo(target, { replace: true }).then(() => useSession.getState().clearLogin())
}
