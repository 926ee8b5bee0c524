import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/** An app's webhook: where its events go and which (migration 202611270500, docs/open-platform.md). */
interface WebhookSubscriptionTable extends Owned {
  app_id: number
  url: string
  events: ColumnType<string[], string | undefined, string>
  enabled: Generated<boolean>
  created_at: Generated<Date>
}

/** One event for one app: a job the deliverer claims with FOR UPDATE SKIP LOCKED and retries with backoff. */
interface WebhookDeliveryTable extends Owned {
  id: Id
  app_id: number
  event: string
  payload: ColumnType<Record<string, unknown>, string, string>
  status: ColumnType<'pending' | 'delivered' | 'failed', 'pending' | undefined, 'pending' | 'delivered' | 'failed'>
  attempts: Generated<number>
  next_at: ColumnType<Date, Date | string | undefined, Date | string>
  last_status: number | null
  last_error: string | null
  created_at: Generated<Date>
  delivered_at: Timestamp | null
}

export interface WebhooksTables {
  webhook_subscription: WebhookSubscriptionTable
  webhook_delivery: WebhookDeliveryTable
}
