export { api, ApiError, appKey } from './api.js'
export { AppShell, Providers, startApp } from './AppShell.js'
export type { Viewer } from './types.js'
export { useViewer } from './useViewer.js'
