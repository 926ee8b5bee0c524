import type { ModuleManifest } from '../manifest.js'
import { allMpAppRoutes, messageRoutes, messageTemplateRoutes, waipinRoutes } from './routes.js'

/** Messages and service accounts: the message centre, templates, WeChat / DingTalk apps and the external-hire sign-in (docs/messages.md). */
export const messagesModule: ModuleManifest = {
  name: 'messages',
  routes: (ctx) => [...messageRoutes(ctx), ...messageTemplateRoutes(ctx), ...allMpAppRoutes(ctx), ...waipinRoutes(ctx)],
}
