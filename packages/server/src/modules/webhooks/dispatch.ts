import { GUARDIAN_EVENTS, WEBHOOK_PING } from '@zhixiao/shared'
import { createHmac, randomUUID } from 'node:crypto'
import type { AppContext } from '../../platform/context.js'
import { postBounded, type PostOutcome } from '../../platform/outbound-post.js'
import { loadHubClient, logAppAccess, subjectFor } from '../app-clients/hub-client.js'
import { feedGate } from '../consent/hub-gate.js'
import { eventsOf, stateKey, type FeedRow, type FeedState, type HubEvent } from './events.js'
import {
  claimDueDeliveries,
  deliveryTarget,
  guardiansOfChildren,
  insertDeliveries,
  liveSubscriptions,
  lockUnfannedChanges,
  markFannedOut,
  peopleByIds,
  pruneHistory,
  recordAttempt,
  subscribedTenants,
  type NewDelivery,
} from './queries.js'

const FAN_OUT_BATCH = 500
const DELIVERY_BATCH = 20
const SEND_TIMEOUT_MS = 10_000
/** How long a claimed delivery stays out of other processes' reach: past the send's timeout, with room to record. */
const LEASE_MS = 2 * 60_000
/** The wait after the n-th failed attempt; the 8th failure is final. */
const BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 6 * 3_600_000, 6 * 3_600_000]
const MAX_ATTEMPTS = 8
const DAY_MS = 86_400_000
const KEEP_CHANGES_DAYS = 90
const KEEP_DELIVERIES_DAYS = 30

/** What an app receives: the same body for the first send and every retry or replay. */
interface WebhookPayload {
  id: string
  event: string
  occurred_at: string
  tenant_id: number
  data: Record<string, unknown>
}

/** `v1=` + hex HMAC-SHA256 over `timestamp + "." + body` with the app's client secret (docs/open-platform.md). */
const signatureOf = (secret: string, timestamp: string, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`

type Subscriber = Awaited<ReturnType<typeof liveSubscriptions>>[number]

/** The event an app hears: a folded add (events.ts) reaches an app that listens only for changes as a change. */
const eventFor = (app: Subscriber, e: HubEvent): HubEvent['event'] =>
  e.event === 'person.added' && e.changedToo && !app.events.includes('person.added') ? 'person.changed' : e.event

/** Whether the app may receive the event: subscribed, and granted what it reveals (as the claims are). */
const wants = (app: Subscriber, e: HubEvent) =>
  app.tenant_id === e.tenantId &&
  app.events.includes(eventFor(app, e)) &&
  (!GUARDIAN_EVENTS.includes(e.event) || app.scopes.includes('zx:guardian'))

/**
 * The event as one app sees it: people named by that app's subject ids; a person's user type and school only with
 * zx:identity, which releases them as claims.
 */
function dataFor(ctx: AppContext, app: Subscriber, e: HubEvent): Record<string, unknown> {
  const client = { tenantId: app.tenant_id, clientId: app.client_id, subjectType: app.subject_type }
  const sub = (id: number) => subjectFor(ctx, client, id)
  if (e.person) {
    if (!app.scopes.includes('zx:identity')) return { sub: sub(e.person.id) }
    return { sub: sub(e.person.id), user_type: e.person.userType, org_id: e.person.orgId }
  }
  if (e.child !== undefined) {
    return {
      child: sub(e.child),
      guardians: (e.guardians ?? []).map((g) => ({ sub: sub(g.id), relation: g.relation })),
    }
  }
  return { ...e.plain }
}

/**
 * The event as an app may hear it (docs/privacy.md "Consent"): about a child withheld from the app, a change is heard
 * as the child's tombstone (person.archived, nothing but `sub`), an addition and a guardian binding not at all — the
 * same as the directory's delta, so a withdrawal reaches a subscribed app as an archive.
 */
function gated(app: Subscriber, e: HubEvent, gate: Awaited<ReturnType<typeof feedGate>>): HubEvent | null {
  const g = { appId: app.app_id, childrenData: app.children_data }
  if (e.child !== undefined && gate.withheld(e.tenantId, g, e.child)) return null
  if (!e.person || !gate.withheld(e.tenantId, g, e.person.id)) return e
  if (e.event === 'person.added') return null
  return { ...e, event: 'person.archived', changedToo: false, person: { id: e.person.id, userType: null, orgId: null } }
}

async function readState(trx: Parameters<typeof peopleByIds>[0], rows: FeedRow[]): Promise<FeedState> {
  const tenants = [...new Set(rows.map((r) => r.tenant_id))]
  const ids = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entity_id))]
  const personIds = [...new Set([...ids('person'), ...ids('teacher_subject')])]
  const childIds = ids('guardian')
  const people = new Map<string, { archived: boolean; user_type: number; org_id: number }>()
  if (personIds.length) {
    for (const p of await peopleByIds(trx, tenants, personIds)) people.set(stateKey(p.tenant_id, p.id), p)
  }
  const guardians = new Map<string, { parent_id: number; relation: string }[]>()
  if (childIds.length) {
    for (const g of await guardiansOfChildren(trx, tenants, childIds)) {
      const k = stateKey(g.tenant_id, g.child_id)
      guardians.set(k, [...(guardians.get(k) ?? []), g])
    }
  }
  return { people, guardians }
}

/**
 * Turns one batch of the change feed (every tenant, oldest first) into deliveries for the apps subscribed to each
 * event, and marks the batch fanned out — one transaction holding the rows with FOR UPDATE SKIP LOCKED, so two
 * processes never fan one change out twice. Returns how many changes it took.
 */
async function fanOut(ctx: AppContext): Promise<{ changes: number; deliveries: number }> {
  return ctx.db.platform(async (trx) => {
    // Only tenants with a subscriber: a district without webhooks pays nothing for its change feed (an import of
    // 100,000 people would otherwise keep this worker, and on PGlite the one connection, busy for a minute).
    const tenantIds = (await subscribedTenants(trx)).map((r) => r.tenant_id)
    if (tenantIds.length === 0) return { changes: 0, deliveries: 0 }
    const rows = (await lockUnfannedChanges(trx, tenantIds, FAN_OUT_BATCH)) as FeedRow[]
    if (rows.length === 0) return { changes: 0, deliveries: 0 }
    const now = ctx.clock.now()
    const tenants = [...new Set(rows.map((r) => r.tenant_id))]
    const subs = await liveSubscriptions(trx, tenants, now.toISOString().slice(0, 10))
    const out: NewDelivery[] = []
    if (subs.length) {
      const events = eventsOf(rows, await readState(trx, rows))
      const kids = events.flatMap((e) => [e.person?.id ?? [], e.child ?? []].flat())
      const gate = await feedGate(ctx, trx, tenants, kids)
      for (const each of events) {
        for (const app of subs) {
          const e = gated(app, each, gate)
          if (!e || !wants(app, e)) continue
          const payload: WebhookPayload = {
            id: randomUUID(),
            event: eventFor(app, e),
            occurred_at: new Date(e.at).toISOString(),
            tenant_id: e.tenantId,
            data: dataFor(ctx, app, e),
          }
          out.push(deliveryRow(app.tenant_id, app.app_id, payload, now))
        }
      }
    }
    for (let i = 0; i < out.length; i += 500) await insertDeliveries(trx, out.slice(i, i + 500))
    await markFannedOut(
      trx,
      tenants,
      rows.map((r) => r.seq),
    )
    return { changes: rows.length, deliveries: out.length }
  })
}

const deliveryRow = (tenantId: number, appId: number, payload: WebhookPayload, now: Date): NewDelivery => ({
  tenant_id: tenantId,
  app_id: appId,
  event: payload.event,
  payload: JSON.stringify(payload),
  next_at: now,
  created_at: now,
})

/** The admin's 发送测试: a ping queued for the app (tenant scope of the caller's transaction). */
export function pingDelivery(tenantId: number, appId: number, now: Date): NewDelivery {
  return deliveryRow(
    tenantId,
    appId,
    {
      id: randomUUID(),
      event: WEBHOOK_PING,
      occurred_at: now.toISOString(),
      tenant_id: tenantId,
      data: { app_id: appId },
    },
    now,
  )
}

type Outcome = PostOutcome

/** The send: a name that does not resolve costs no pool thread (platform/outbound-post.ts). */
const post = (url: string, headers: Record<string, string>, body: string): Promise<Outcome> =>
  postBounded(
    url,
    { 'content-type': 'application/json', 'user-agent': 'Zhixiao-Webhook/1', ...headers },
    body,
    SEND_TIMEOUT_MS,
  )

type Claimed = Awaited<ReturnType<typeof claimDueDeliveries>>[number]

/** Sends one claimed delivery (no transaction open during the HTTP call) and records the attempt. */
async function deliverOne(ctx: AppContext, d: Claimed): Promise<boolean> {
  const target = await ctx.db.tenant(d.tenant_id, async (trx) => {
    const t = await deliveryTarget(trx, d.app_id)
    const client = t ? await loadHubClient(ctx, trx, t.client_id) : undefined
    return t && client ? { url: t.url, enabled: t.enabled, client } : null
  })
  let outcome: Outcome
  if (!target || !target.client.secret) outcome = { ok: false, status: null, error: 'no subscription or secret' }
  else if (!target.client.usable) outcome = { ok: false, status: null, error: 'app suspended' }
  else if (!target.enabled && d.event !== WEBHOOK_PING)
    outcome = { ok: false, status: null, error: 'subscription disabled' }
  else {
    const body = JSON.stringify(d.payload)
    const timestamp = String(Math.floor(ctx.clock.now().getTime() / 1000))
    outcome = await post(
      target.url,
      {
        'X-Zhixiao-Event': d.event,
        'X-Zhixiao-Delivery': String(d.id),
        'X-Zhixiao-Timestamp': timestamp,
        'X-Zhixiao-Signature': signatureOf(target.client.secret, timestamp, body),
      },
      body,
    )
  }
  const now = ctx.clock.now()
  // A suspended, scrapped or expired app is refused every webhook until it is resumed: its pending deliveries end
  // now (failed, with the reason; 重发 queues one again) instead of being retried for days without a request made.
  const appRefused = !!target && !target.client.usable
  const finalFailure = !outcome.ok && (d.attempts >= MAX_ATTEMPTS || appRefused)
  await ctx.db.tenant(d.tenant_id, async (trx) => {
    await recordAttempt(trx, d.id, {
      status: outcome.ok ? 'delivered' : finalFailure ? 'failed' : 'pending',
      next_at: outcome.ok || finalFailure ? now : new Date(now.getTime() + BACKOFF_MS[d.attempts - 1]!),
      last_status: outcome.status,
      last_error: outcome.ok ? null : outcome.error.slice(0, 500),
      delivered_at: outcome.ok ? now : null,
    })
    await logAppAccess(trx, {
      appId: d.app_id,
      clientId: target?.client.clientId ?? '',
      kind: 'webhook',
      detail: `${d.event} #${d.id} ${outcome.ok ? outcome.status : (outcome.status ?? outcome.error)}`,
    })
  })
  return outcome.ok
}

/** Claims the due deliveries of one batch (a short transaction with a lease) and sends them. */
async function deliverDue(ctx: AppContext): Promise<{ claimed: number; delivered: number }> {
  const now = ctx.clock.now()
  const claimed = await ctx.db.platform((trx) =>
    claimDueDeliveries(trx, now, new Date(now.getTime() + LEASE_MS), DELIVERY_BATCH),
  )
  let delivered = 0
  for (const d of claimed) if (await deliverOne(ctx, d)) delivered++
  return { claimed: claimed.length, delivered }
}

export interface PassResult {
  changes: number
  queued: number
  claimed: number
  delivered: number
}

/**
 * One full pass: fan the change feed out until it is empty, then send every due delivery. Safe to run in several
 * processes at once (each step claims with SKIP LOCKED). Tests drive it through runWebhooks.
 */
export async function webhookPass(ctx: AppContext): Promise<PassResult> {
  const r: PassResult = { changes: 0, queued: 0, claimed: 0, delivered: 0 }
  for (;;) {
    const f = await fanOut(ctx)
    r.changes += f.changes
    r.queued += f.deliveries
    if (f.changes < FAN_OUT_BATCH) break
  }
  for (;;) {
    const d = await deliverDue(ctx)
    r.claimed += d.claimed
    r.delivered += d.delivered
    if (d.claimed < DELIVERY_BATCH) break
  }
  return r
}

/** Drops old history: fanned-out changes after 90 days (the directory's deltas read them), delivered jobs after 30. */
export function pruneWebhookHistory(ctx: AppContext) {
  const now = ctx.clock.now().getTime()
  return ctx.db.platform((trx) =>
    pruneHistory(trx, new Date(now - KEEP_CHANGES_DAYS * DAY_MS), new Date(now - KEEP_DELIVERIES_DAYS * DAY_MS)),
  )
}

interface Worker {
  kick(): Promise<PassResult | null>
}
const workers = new WeakMap<AppContext, Worker>()

/**
 * Runs a pass now, after the one in progress (if any) ends, in this process's worker: what the admin's test ping
 * does, and how tests run the worker deterministically. Without a worker (not installed) it runs a pass directly.
 */
export function runWebhooks(ctx: AppContext): Promise<PassResult | null> {
  const w = workers.get(ctx)
  return w ? w.kick() : webhookPass(ctx)
}

/**
 * The background worker of a server process (installed by the module's manifest): a pass every few seconds on
 * PGlite and PostgreSQL alike (other processes may queue work in a shared database), another at once after a pass
 * that found work, and passes one at a time.
 */
export function webhookWorker(ctx: AppContext, log: (msg: string, err?: unknown) => void) {
  let timer: ReturnType<typeof setInterval> | undefined
  let chain: Promise<PassResult | null> = Promise.resolve(null)
  let busy = 0
  let stopped = false
  const kick = (): Promise<PassResult | null> => {
    busy++
    chain = chain
      .then(() => (stopped ? null : webhookPass(ctx)))
      .then((r) => {
        if (r && r.changes + r.claimed > 0 && busy === 1) void kick()
        return r
      })
      .catch((e) => {
        log('webhook pass failed', e)
        return null
      })
      .finally(() => busy--)
    return chain
  }
  const worker = { kick }
  workers.set(ctx, worker)
  return {
    start(everyMs = 5000) {
      timer = setInterval(() => {
        if (busy === 0) void kick()
      }, everyMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await chain
      if (workers.get(ctx) === worker) workers.delete(ctx)
    },
  }
}
