import type { ModuleManifest } from '../manifest.js'
import { privacyAuditRoutes } from './routes.js'

/** The annual audit pack of minors' personal information (docs/privacy.md "Privacy notice and annual audit"). */
export const privacyAuditModule: ModuleManifest = {
  name: 'privacy-audit',
  routes: (ctx) => privacyAuditRoutes(ctx),
}
