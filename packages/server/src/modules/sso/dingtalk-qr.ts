import { pathOf, ssoContracts } from '@zhixiao/shared'
import type { DingtalkQrSource } from '../login-security/qr.js'
import { loginButtons } from './config-service.js'

/** For the QR login screen (modules/login-security/qr.ts): DingTalk's own login, once the tenant configured it. */
export const dingtalkQrSource: DingtalkQrSource = {
  async qrLoginUrl(ctx, tenantId) {
    const buttons = await loginButtons(ctx, tenantId)
    return buttons.some((b) => b.thirdType === 'dingtalk') ? `${pathOf(ssoContracts.start)}?thirdType=dingtalk&tenantId=${tenantId}` : null
  },
}
