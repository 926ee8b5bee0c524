/**
 * Navigation for code outside React (the HTTP client, logout). The router registers itself here; before that
 * (or in a test without a router) the hash is set directly.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => Promise<void>
let navigateImpl: Navigate | null = null

export function registerNavigator(fn: Navigate): void {
  navigateImpl = fn
}

export async function navigateTo(to: string, opts?: { replace?: boolean }): Promise<void> {
  if (navigateImpl) await navigateImpl(to, opts)
  else window.location.hash = `#${to}`
}
