import type { ModuleManifest } from '../manifest.js'
import { transferRoutes } from './routes.js'
import { sweepAll } from './service.js'

/** How often approved transfers due today are applied and near deadlines reminded. */
const SWEEP_MS = 10 * 60_000

/** Transfers between the district's schools (docs/school-year.md "Transfers"). */
export const transfersModule: ModuleManifest = {
  name: 'transfers',
  routes: (ctx) => transferRoutes(ctx),
  install: async (app, ctx) => {
    let timer: ReturnType<typeof setInterval> | undefined
    let running = false
    const sweep = () => {
      // One sweep at a time per process; the row locks keep processes apart.
      if (running) return
      running = true
      sweepAll(ctx)
        .catch((err: unknown) => app.log.error({ err }, 'transfer sweep failed'))
        .finally(() => (running = false))
    }
    app.addHook('onReady', async () => {
      timer = setInterval(sweep, SWEEP_MS).unref()
    })
    app.addHook('onClose', async () => clearInterval(timer))
  },
}
