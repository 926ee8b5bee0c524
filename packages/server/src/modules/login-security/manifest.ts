import type { ModuleManifest } from '../manifest.js'
import { dingtalkQrSource } from '../sso/dingtalk-qr.js'
import { loginSecurityRoutes, qrLoginRoutes } from './routes.js'

/** checkPassword, the TOTP step and settings, the login log and the QR-code login (docs/auth.md). */
export const loginSecurityModule: ModuleManifest = {
  name: 'login-security',
  // DingTalk's own QR login comes from single sign-on's config unless a test stands in for it.
  routes: (ctx, deps) => [
    ...loginSecurityRoutes(ctx),
    ...qrLoginRoutes(ctx, { dingtalk: deps.dingtalk ?? dingtalkQrSource }),
  ],
}
