import type { ModuleManifest } from '../manifest.js'
import { complaintRoutes } from './routes.js'

/** Complaints and suggestions: the config, the classifications and their handlers, the submissions (docs/complaints.md). */
export const complaintsModule: ModuleManifest = {
  name: 'complaints',
  routes: (ctx) => complaintRoutes(ctx),
}
