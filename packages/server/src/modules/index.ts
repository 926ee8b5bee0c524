import { areaModule } from './area/manifest.js'
import { baseDataModule } from './base-data/manifest.js'
import type { ModuleManifest } from './manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  areaModule,
]
