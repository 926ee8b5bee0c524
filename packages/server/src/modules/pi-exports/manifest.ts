import type { ModuleManifest } from '../manifest.js'
import { exportRunner } from './job-runner.js'
import { piExportRoutes } from './routes.js'

/** How often a process looks for approved exports queued by another and drops expired files. */
const POLL_MS = 60_000

/** Export approval: requests, their jobs and the expiring downloads (docs/privacy.md "Export approval"). */
export const piExportsModule: ModuleManifest = {
  name: 'pi-exports',
  routes: (ctx) => piExportRoutes(ctx),
  install: async (app, ctx) => {
    const runner = exportRunner(ctx, (msg, err) => app.log.error({ err }, msg))
    let poll: ReturnType<typeof setInterval> | undefined
    app.addHook('onReady', async () => {
      // Approved jobs a stopped process left queued resume at start.
      runner.kick()
      poll = setInterval(() => {
        runner.kick()
        void runner.dropExpired().catch(() => undefined)
      }, POLL_MS).unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(poll)
      await runner.stop()
    })
  },
}
