import { authModule } from './auth/manifest.js'
import { baseDataModule } from './base-data/manifest.js'
import { loginSecurityModule } from './login-security/manifest.js'
import type { ModuleManifest } from './manifest.js'
import { signupModule } from './signup/manifest.js'
import { smsModule } from './sms/manifest.js'
import { ssoModule } from './sso/manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  authModule,
  smsModule,
  loginSecurityModule,
  ssoModule,
  signupModule,
]
