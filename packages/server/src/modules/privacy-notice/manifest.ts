import type { ModuleManifest } from '../manifest.js'
import { privacyNoticeRoutes } from './routes.js'

/** The tenant's versioned 服务条款, 隐私政策 and 儿童个人信息保护规则, and the versions accepted (docs/privacy.md). */
export const privacyNoticeModule: ModuleManifest = {
  name: 'privacy-notice',
  routes: (ctx) => privacyNoticeRoutes(ctx),
}
