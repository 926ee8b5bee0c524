import type { ModuleManifest } from '../manifest.js'
import { allianceOrgRoutes, juxiaoRoutes } from './routes.js'

/** School alliances: founding, joining, members, settings and the member-school import (docs/alliance.md). */
export const allianceModule: ModuleManifest = {
  name: 'alliance',
  routes: (ctx) => [...juxiaoRoutes(ctx), ...allianceOrgRoutes(ctx)],
}
