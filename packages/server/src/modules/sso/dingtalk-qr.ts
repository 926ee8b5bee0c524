import { pathOf, ssoContracts } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { loginButtons } from './config-service.js'

/** Where the QR login screen (modules/login-security/qr.ts) finds a tenant's DingTalk login address, if any. */
export interface DingtalkQrSource {
  qrLoginUrl(ctx: AppContext, tenantId: number): Promise<string | null>
}

/** For the QR login screen (modules/login-security/qr.ts): DingTalk's own login, once the tenant configured it. */
export const dingtalkQrSource: DingtalkQrSource = {
  async qrLoginUrl(ctx, tenantId) {
    const buttons = await loginButtons(ctx, tenantId)
    return buttons.some((b) => b.thirdType === 'dingtalk')
      ? `${pathOf(ssoContracts.start)}?thirdType=dingtalk&tenantId=${tenantId}`
      : null
  },
}
