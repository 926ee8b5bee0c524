import type { ModuleManifest } from '../manifest.js'
import { openNotifyRoutes } from './routes.js'

/** An app's messages and badges for people of its district: /open/v1/messages, /open/v1/badges (zx:notify). */
export const openNotifyModule: ModuleManifest = {
  name: 'open-notify',
  routes: (ctx) => openNotifyRoutes(ctx),
}
