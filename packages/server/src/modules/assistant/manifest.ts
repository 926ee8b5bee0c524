import type { ModuleManifest } from '../manifest.js'
import { assistantAdminRoutes, assistantChatRoutes } from './routes.js'

/** The AI helper: the spec's calls on the AI host (ASSISTANT_API) and its maintenance (ASSISTANT_ADMIN_API) (docs/assistant.md). */
export const assistantModule: ModuleManifest = {
  name: 'assistant',
  routes: (ctx) => [...assistantChatRoutes(ctx), ...assistantAdminRoutes(ctx)],
}
