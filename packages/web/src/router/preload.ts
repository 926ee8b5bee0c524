/**
 * Starts loading what `path` needs (router/app-routes.tsx preloadPage: the shell, layout and page chunks) while the
 * user is still on the login page. The route table itself is in that lazy chunk, so the login page does not carry it;
 * a failed load is retried by the router when it navigates.
 */
export function preloadRoute(path: string): void {
  void import('./app-routes').then((m) => m.preloadPage(path)).catch(() => {})
}
