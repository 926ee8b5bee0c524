/**
 * The login page's preload (navigation/preload.ts) in a chunk of its own: the entry registers a loader of this small
 * chunk, so the app-routes chunk's preload list stays out of the entry (issue 22.14).
 */
export function preloadPage(path: string): Promise<void> {
  return import('./app-routes').then((m) => m.preloadPage(path))
}
