import type { ModuleManifest } from '../manifest.js'
import { operationLogRoutes, permissionQueryRoutes, roleRoutes } from './routes.js'
import { roleImportRoutes, subOrgRoutes } from './sub-org-routes.js'

/** Roles and grants under /base/api/account: role management, permission queries, sub-org delegation, the role user import, the operation log (docs/roles.md). */
export const rolesModule: ModuleManifest = {
  name: 'roles',
  routes: (ctx) => [
    ...roleRoutes(ctx),
    ...permissionQueryRoutes(ctx),
    ...subOrgRoutes(ctx),
    ...roleImportRoutes(ctx),
    ...operationLogRoutes(ctx),
  ],
}
