import type { ModuleManifest } from '../manifest.js'
import { pruneExpiredAccessLog } from './access-log.js'
import { privacyRoutes } from './routes.js'

/** Personal-data protection: the access log, the reveal and the parent's view (docs/privacy.md). */
export const privacyModule: ModuleManifest = {
  name: 'privacy',
  routes: (ctx) => privacyRoutes(ctx),
  install: async (app, ctx) => {
    // Retention: rows past PI_LOG_RETENTION_DAYS leave the log once a day (every tenant, the platform scope).
    const prune = setInterval(() => void pruneExpiredAccessLog(ctx).catch(() => undefined), 24 * 3600_000).unref()
    app.addHook('onClose', async () => clearInterval(prune))
  },
}
