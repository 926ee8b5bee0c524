import * as z from './z.js'

/**
 * Change webhooks of the identity hub (issue 24 point 5; docs/open-platform.md "Webhooks"): an app registered with a
 * confidential client subscribes to directory events; each event is POSTed to its URL, signed with the app's client
 * secret, and retried with backoff; the district admin reads the delivery log and replays.
 */
export const WebhookMsg = {
  APP_NOT_FOUND: '应用不存在',
  NO_SECRET: '只有配置了客户端密钥的应用（机密客户端）可以订阅回调',
  NOT_SUBSCRIBED: '应用尚未配置回调',
  URL_REQUIRED: '请填写回调地址',
  DELIVERY_NOT_FOUND: '推送记录不存在',
  EVENTS_DUPLICATE: '事件重复',
  GUARDIAN_SCOPE: '订阅家长绑定/解绑事件需先授予“亲属关系”（zx:guardian）范围',
} as const

export const WEBHOOK_EVENTS = [
  'person.added',
  'person.changed',
  'person.archived',
  'class.changed',
  'guardian.bound',
  'guardian.unbound',
  'org.changed',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]
/** The connectivity check the admin sends with 发送测试; not subscribable, always delivered. */
export const WEBHOOK_PING = 'ping'

export const WEBHOOK_EVENT_LABEL: Record<WebhookEvent, string> = {
  'person.added': '人员新增',
  'person.changed': '人员变更',
  'person.archived': '人员归档',
  'class.changed': '班级变更',
  'guardian.bound': '家长绑定',
  'guardian.unbound': '家长解绑',
  'org.changed': '机构变更',
}

/** Events that name who is whose guardian: only for apps granted zx:guardian, like the claims. */
export const GUARDIAN_EVENTS: readonly WebhookEvent[] = ['guardian.bound', 'guardian.unbound']

export const WEBHOOK_STATUSES = ['pending', 'delivered', 'failed'] as const
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number]
export const WEBHOOK_STATUS_LABEL: Record<WebhookStatus, string> = {
  pending: '待发送',
  delivered: '已送达',
  failed: '失败',
}

export const webhookSaveBody = z.object({
  appId: z.id(),
  url: z.link('http').min(1, WebhookMsg.URL_REQUIRED),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .max(WEBHOOK_EVENTS.length)
    .refine((l) => new Set(l).size === l.length, WebhookMsg.EVENTS_DUPLICATE),
  enabled: z.boolean(),
})
export type WebhookSaveBody = z.input<typeof webhookSaveBody>

export const webhookSubscription = z.object({
  appId: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
})
export type WebhookSubscription = z.infer<typeof webhookSubscription>

export const webhookDeliveryQuery = z.object({
  appId: z.coerce.number().int().positive(),
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const webhookDeliveryRow = z.object({
  id: z.number(),
  event: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  created: z.string(),
  delivered: z.string().nullable(),
  nextAt: z.string(),
})
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>
