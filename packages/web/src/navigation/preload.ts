/**
 * Starts loading what `path` needs (router/app-routes.tsx preloadPage: the shell, layout and page chunks) while the
 * user is still on the login page. The route table itself is in a lazy chunk, so the login page does not carry it;
 * the router registers the loader here (router/routes.tsx), so a page that preloads never imports the router. A
 * failed load is retried by the router when it navigates.
 */
type Preload = (path: string) => Promise<void>
let preloadImpl: Preload | null = null

export function registerPreloader(fn: Preload): void {
  preloadImpl = fn
}

export function preloadRoute(path: string): void {
  void preloadImpl?.(path).catch(() => {})
}
