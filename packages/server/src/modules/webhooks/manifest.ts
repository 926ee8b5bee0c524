import type { ModuleManifest } from '../manifest.js'
import { pruneWebhookHistory, webhookWorker } from './dispatch.js'
import { webhookRoutes } from './routes.js'

/**
 * Change webhooks (docs/open-platform.md "Webhooks"): the admin's subscription calls, and the background worker that
 * fans the directory's change feed out to subscribed apps and delivers signed events with retries.
 */
export const webhooksModule: ModuleManifest = {
  name: 'webhooks',
  routes: (ctx) => webhookRoutes(ctx),
  install: async (app, ctx) => {
    const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg)
    const worker = webhookWorker(ctx, log)
    let prune: ReturnType<typeof setInterval> | undefined
    app.addHook('onReady', async () => {
      worker.start()
      // Old feed rows and delivered jobs leave hourly (every tenant, the platform scope).
      prune = setInterval(() => void pruneWebhookHistory(ctx).catch((e) => log('webhook prune failed', e)), 3600_000)
      prune.unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(prune)
      await worker.stop()
    })
  },
}
