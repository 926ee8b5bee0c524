import {
  GUARDIAN_EVENTS,
  WebhookMsg,
  type WebhookDeliveryRow,
  type WebhookSubscription,
  webhookSaveBody,
  webhookDeliveryQuery,
} from '@zhixiao/shared'
import type { z } from 'zod'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page } from '../../platform/paging.js'
import { pingDelivery, runWebhooks } from './dispatch.js'
import {
  anySubscriptionEnabled,
  deliveryPage,
  findAppWithClient,
  findDelivery,
  findSubscription,
  insertDeliveries,
  markBacklogFannedOut,
  requeueDelivery,
  upsertSubscription,
} from './queries.js'

const MODULE = '应用管理'
type SaveInput = z.output<typeof webhookSaveBody>
type Sub = NonNullable<Awaited<ReturnType<typeof findSubscription>>>

const toSubscription = (s: Sub): WebhookSubscription => ({
  appId: s.app_id,
  url: s.url,
  events: s.events,
  enabled: s.enabled,
})

/** Keeps the worker's pass from blocking the admin's answer; its failures are the worker's log's business. */
const kick = (ctx: AppContext) => void runWebhooks(ctx).catch(() => undefined)

export async function getSubscription(
  ctx: AppContext,
  auth: AuthInfo,
  appId: number,
): Promise<WebhookSubscription | null> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (!(await findAppWithClient(trx, appId))) throw notFound(WebhookMsg.APP_NOT_FOUND)
    const s = await findSubscription(trx, appId)
    return s ? toSubscription(s) : null
  })
}

/** Saves the app's subscription; only an app with a confidential client (a secret to sign with) may have one. */
export async function saveSubscription(ctx: AppContext, auth: AuthInfo, b: SaveInput): Promise<WebhookSubscription> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const app = await findAppWithClient(trx, b.appId)
    if (!app) throw notFound(WebhookMsg.APP_NOT_FOUND)
    if (!app.secret_sealed) throw badRequest(WebhookMsg.NO_SECRET)
    const guardianEvents = b.events.some((e) => GUARDIAN_EVENTS.includes(e))
    if (guardianEvents && !app.scopes?.includes('zx:guardian')) throw badRequest(WebhookMsg.GUARDIAN_SCOPE)
    // The tenant's first live subscriber starts from now: the feed's earlier changes (nobody was listening) are not
    // sent to it as a backlog — the directory API's updated_since reads those.
    if (b.enabled && !(await anySubscriptionEnabled(trx))) await markBacklogFannedOut(trx)
    await upsertSubscription(trx, b.appId, { url: b.url, events: b.events, enabled: b.enabled })
    await recordOp(trx, auth, {
      module: MODULE,
      action: '保存应用回调',
      target: app.name,
      detail: { url: b.url, events: b.events, enabled: b.enabled },
    })
    return toSubscription((await findSubscription(trx, b.appId))!)
  })
}

export async function deliveries(
  ctx: AppContext,
  auth: AuthInfo,
  q: z.output<typeof webhookDeliveryQuery>,
): Promise<Page<WebhookDeliveryRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (!(await findAppWithClient(trx, q.appId))) throw notFound(WebhookMsg.APP_NOT_FOUND)
    const { list, total } = await deliveryPage(trx, q.appId, q.pageIndex, q.pageSize)
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())
    return {
      list: list.map((r) => ({
        id: r.id,
        event: r.event,
        status: r.status,
        attempts: r.attempts,
        lastStatus: r.last_status,
        lastError: r.last_error,
        created: iso(r.created_at)!,
        delivered: iso(r.delivered_at),
        nextAt: iso(r.next_at)!,
      })),
      total,
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
    }
  })
}

/** Queues a delivery of this tenant again (same payload and event id, so the receiver can tell a repeat). */
export async function replay(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const d = await findDelivery(trx, id)
    if (!d) throw notFound(WebhookMsg.DELIVERY_NOT_FOUND)
    await requeueDelivery(trx, id, ctx.clock.now())
    await recordOp(trx, auth, { module: MODULE, action: '重发应用回调', target: `${d.event} #${d.id}` })
  })
  kick(ctx)
}

/** Queues a ping to the app's subscribed URL and starts a pass; answers the delivery's id for the log. */
export async function sendTest(ctx: AppContext, auth: AuthInfo, appId: number): Promise<number> {
  const id = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const app = await findAppWithClient(trx, appId)
    if (!app) throw notFound(WebhookMsg.APP_NOT_FOUND)
    if (!app.secret_sealed) throw badRequest(WebhookMsg.NO_SECRET)
    if (!(await findSubscription(trx, appId))) throw badRequest(WebhookMsg.NOT_SUBSCRIBED)
    const [row] = await insertDeliveries(trx, [pingDelivery(auth.tenantId, appId, ctx.clock.now())])
    return row!.id
  })
  kick(ctx)
  return id
}
