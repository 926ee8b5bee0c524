import type { ModuleManifest } from '../manifest.js'
import { rolloverRunner } from './runner.js'
import { rolloverRoutes } from './routes.js'

/** The school-year roll-over: plan, preview, approval, run and undo (docs/school-year.md). */
export const rolloverModule: ModuleManifest = {
  name: 'rollover',
  routes: (ctx) => rolloverRoutes(ctx),
  install: async (app, ctx) => {
    const runner = rolloverRunner(ctx, (msg, err) => app.log.error({ err }, msg))
    // Schools a stopped process left queued resume at start.
    app.addHook('onReady', async () => runner.kick())
    app.addHook('onClose', async () => runner.stop())
  },
}
