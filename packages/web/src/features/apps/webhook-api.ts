import { webhookContracts as W, type WebhookSaveBody } from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Query groups of an app's webhook panel; a write refreshes both. */
export const WebhookKeys = { subscription: 'appWebhook', deliveries: 'appWebhookDeliveries' } as const

/** /base/api/app/webhook (docs/open-platform.md "Webhooks"): top-org 应用管理 only. */
export const webhookApi = {
  get: (appId: number) => call(W.get, { appId }),
  save: (b: WebhookSaveBody) => callEnvelope(W.save, b),
  deliveries: (appId: number, pageIndex: number, pageSize: number) =>
    call(W.deliveries, { appId, pageIndex, pageSize }),
  replay: (id: number) => callEnvelope(W.replay, { id }),
  test: (appId: number) => callEnvelope(W.test, { appId }),
}
