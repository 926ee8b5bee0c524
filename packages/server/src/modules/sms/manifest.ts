import type { ModuleManifest } from '../manifest.js'
import { smsLoginRoutes, smsResetRoutes, smsRoutes } from './routes.js'

/** SMS: the tenant's provider, templates and log; the SMS login and the forgotten password's codes (docs/auth.md). */
export const smsModule: ModuleManifest = {
  name: 'sms',
  routes: (ctx) => [...smsRoutes(ctx), ...smsLoginRoutes(ctx), ...smsResetRoutes(ctx)],
}
