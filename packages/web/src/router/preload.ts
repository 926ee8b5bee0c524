import { ALL_PAGE_ROUTES } from '@zhixiao/shared'
import { LAYOUTS } from './layouts'
import { pageLoader } from './pages'

/**
 * Starts loading the layout and page chunks of `path` before navigating there, so a sign-in does not wait for them
 * after the login answers (the router's lazy() then finds the modules loaded). Unknown paths are ignored; a failed
 * load is retried by the router when it navigates.
 */
export function preloadRoute(path: string): void {
  const meta = ALL_PAGE_ROUTES.find((r) => r.path === path.split('?')[0])
  if (!meta) return
  void LAYOUTS[meta.layout]().catch(() => {})
  void pageLoader(meta.path)().catch(() => {})
}
