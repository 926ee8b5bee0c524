import type { ModuleManifest } from '../manifest.js'
import { pruneExpiredAccessLog } from './access-log.js'
import { scrubAllTenants } from './retention-service.js'
import { retentionRoutes } from './retention-routes.js'
import { privacyRoutes } from './routes.js'

/** Personal-data protection: the access log, the reveal, the parent's view, retention and requests (docs/privacy.md). */
export const privacyModule: ModuleManifest = {
  name: 'privacy',
  routes: (ctx) => [...privacyRoutes(ctx), ...retentionRoutes(ctx)],
  install: async (app, ctx) => {
    // Retention: rows past PI_LOG_RETENTION_DAYS leave the log once a day (every tenant, the platform scope), and
    // leavers' personal fields are scrubbed once their domain's period has passed (each tenant, a person at a time).
    const daily = () => {
      void pruneExpiredAccessLog(ctx).catch(() => undefined)
      void scrubAllTenants(ctx).catch((e: unknown) => app.log.error(e, 'retention scrub failed'))
    }
    const timer = setInterval(daily, 24 * 3600_000).unref()
    app.addHook('onClose', async () => clearInterval(timer))
  },
}
