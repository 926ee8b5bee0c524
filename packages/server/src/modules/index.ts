import { appsModule } from './apps/manifest.js'
import { baseDataModule } from './base-data/manifest.js'
import type { ModuleManifest } from './manifest.js'
import { mobilePortalModule } from './mobile-portal/manifest.js'
import { redDotsModule } from './red-dots/manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  appsModule,
  mobilePortalModule,
  redDotsModule,
]
