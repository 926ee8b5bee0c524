import { ALL_PAGE_ROUTES } from '@zhixiao/shared'
import { LAYOUTS, loadShell } from './layouts'
import { loadPage } from './page-table'

/**
 * Starts loading the app shell, layout and page chunks of `path` before navigating there, so a sign-in does not wait
 * for them after the login answers (the router's lazy() then finds the modules loaded). Unknown paths are ignored; a
 * failed load is retried by the router when it navigates.
 */
export function preloadRoute(path: string): void {
  const meta = ALL_PAGE_ROUTES.find((r) => r.path === path.split('?')[0])
  if (!meta) return
  void loadShell().catch(() => {})
  void LAYOUTS[meta.layout]().catch(() => {})
  void loadPage(meta.path).catch(() => {})
}
