import type { AppContext } from '../platform/context.js'
import type { BoundRoute } from '../platform/contract-routes.js'
import type { CaptchaText } from './auth/captcha.js'

/** What a module needs besides the context: stand-ins that tests pass to buildApp. */
export interface ModuleDeps {
  captchaText?: CaptchaText
}

/** One domain's API: its handlers bound to the shared contracts. buildApp registers every manifest of modules/index.ts. */
export interface ModuleManifest {
  name: string
  routes: (ctx: AppContext, deps: ModuleDeps) => BoundRoute[]
}
