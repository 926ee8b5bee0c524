import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../platform/context.js'
import type { BoundRoute } from '../platform/contract-routes.js'
import type { CaptchaText } from './auth/captcha.js'
import type { DingtalkQrSource } from './sso/dingtalk-qr.js'

/** What a module needs besides the context: stand-ins that tests pass to buildApp. */
export interface ModuleDeps {
  captchaText?: CaptchaText
  /** DingTalk's own QR login beside the portal's QR code (default: the tenant's single sign-on config). */
  dingtalk?: DingtalkQrSource
}

/** One domain's API: its handlers bound to the shared contracts. buildApp registers every manifest of modules/index.ts. */
export interface ModuleManifest {
  name: string
  routes: (ctx: AppContext, deps: ModuleDeps) => BoundRoute[]
  /**
   * What a module serves beside its contracts, on the root app before the routes: a protocol endpoint that is not the
   * API's envelope (the OpenID provider, CAS's XML), with its hooks into other modules (sign-out, suspension).
   */
  install?: (app: FastifyInstance, ctx: AppContext, deps: ModuleDeps) => Promise<void>
}
