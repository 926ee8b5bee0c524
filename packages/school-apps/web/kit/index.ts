// What the apps' pages use; also importable from their own files: useViewer (./useViewer.js), ApiError and goSignIn
// (./api.js), Providers (./AppShell.js), the Viewer type (./types.js).
export { api, appKey } from './api.js'
export { AppShell, startApp } from './AppShell.js'
