import { baseDataModule } from './base-data/manifest.js'
import { cmsModule } from './cms/manifest.js'
import { dataCentreModule } from './data-centre/manifest.js'
import { pcPortalModule } from './pc-portal/manifest.js'
import { portalConfigModule } from './portal-config/manifest.js'
import type { ModuleManifest } from './manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  cmsModule,
  portalConfigModule,
  pcPortalModule,
  dataCentreModule,
]
