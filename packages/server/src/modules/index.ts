import { baseDataModule } from './base-data/manifest.js'
import { importsModule } from './imports/manifest.js'
import type { ModuleManifest } from './manifest.js'
import { peopleModule } from './people/manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  peopleModule,
  importsModule,
]
