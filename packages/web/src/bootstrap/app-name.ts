/** sessionStorage key of the sub-application name handed over by currentAppName, with the path it came with. */
const APP_NAME_KEY = 'zx-startup-app'

/** Keeps currentAppName for this tab with the portal path it names (docs/config-center.md "Startup"). */
export function keepStartupAppName(path: string, name: string): void {
  try {
    sessionStorage.setItem(APP_NAME_KEY, JSON.stringify({ path, name }))
  } catch {
    /* storage off: the route's own title shows */
  }
}

/** The currentAppName handed over at startup and the portal path it names, or null. */
export function startupAppName(): { path: string; name: string } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(APP_NAME_KEY) ?? 'null') as {
      path?: unknown
      name?: unknown
    } | null
    return typeof saved?.path === 'string' && typeof saved.name === 'string'
      ? { path: saved.path, name: saved.name }
      : null
  } catch {
    return null
  }
}
