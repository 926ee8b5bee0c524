import { allianceModule } from './alliance/manifest.js'
import { assistantModule } from './assistant/manifest.js'
import { baseDataModule } from './base-data/manifest.js'
import { campusModule } from './campus/manifest.js'
import { complaintsModule } from './complaints/manifest.js'
import type { ModuleManifest } from './manifest.js'
import { messagesModule } from './messages/manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  messagesModule,
  campusModule,
  complaintsModule,
  allianceModule,
  assistantModule,
]
