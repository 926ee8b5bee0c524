import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** The registry's app and its client: whether it exists and holds a secret (only confidential clients subscribe). */
export function findAppWithClient(trx: Trx, appId: number) {
  return trx
    .selectFrom('app as a')
    .leftJoin('app_client as c', (j) => j.onRef('c.tenant_id', '=', 'a.tenant_id').onRef('c.app_id', '=', 'a.id'))
    .select(['a.id', 'a.name', 'c.client_id', 'c.secret_sealed', 'c.scopes'])
    .where('a.id', '=', appId)
    .executeTakeFirst()
}

export function findSubscription(trx: Trx, appId: number) {
  return trx
    .selectFrom('webhook_subscription')
    .select(['app_id', 'url', 'events', 'enabled'])
    .where('app_id', '=', appId)
    .executeTakeFirst()
}

export function upsertSubscription(trx: Trx, appId: number, v: { url: string; events: string[]; enabled: boolean }) {
  const events = JSON.stringify(v.events)
  return trx
    .insertInto('webhook_subscription')
    .values({ app_id: appId, url: v.url, events, enabled: v.enabled })
    .onConflict((oc) => oc.columns(['tenant_id', 'app_id']).doUpdateSet({ url: v.url, events, enabled: v.enabled }))
    .execute()
}

export async function deliveryPage(trx: Trx, appId: number, pageIndex: number, pageSize: number) {
  const list = await trx
    .selectFrom('webhook_delivery')
    .select(['id', 'event', 'status', 'attempts', 'last_status', 'last_error', 'created_at', 'delivered_at', 'next_at'])
    .where('app_id', '=', appId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize)
    .execute()
  const total = await trx
    .selectFrom('webhook_delivery')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow()
  return { list, total: Number(total.n) }
}

export function findDelivery(trx: Trx, id: number) {
  return trx.selectFrom('webhook_delivery').select(['id', 'app_id', 'event']).where('id', '=', id).executeTakeFirst()
}

/** Queues a delivery again from scratch (a replay): due now, its attempts counted anew. */
export function requeueDelivery(trx: Trx, id: number, now: Date) {
  return trx
    .updateTable('webhook_delivery')
    .set({ status: 'pending', attempts: 0, next_at: now, delivered_at: null })
    .where('id', '=', id)
    .execute()
}

export interface NewDelivery {
  tenant_id: number
  app_id: number
  event: string
  payload: string
  next_at: Date
  created_at: Date
}

export function insertDeliveries(trx: Trx, rows: NewDelivery[]) {
  return trx.insertInto('webhook_delivery').values(rows).returning('id').execute()
}

/** The oldest unfanned changes of every tenant (platform scope), locked so a second process skips them. */
/** Tenants with an enabled subscription: the only ones whose changes the fan-out reads. */
export function subscribedTenants(trx: Trx) {
  return trx.selectFrom('webhook_subscription').select('tenant_id').distinct().where('enabled', '=', true).execute()
}

/** Does the tenant (the transaction's) have an enabled subscription? */
export async function anySubscriptionEnabled(trx: Trx): Promise<boolean> {
  const row = await trx
    .selectFrom('webhook_subscription')
    .select('app_id')
    .where('enabled', '=', true)
    .limit(1)
    .executeTakeFirst()
  return !!row
}

/** The tenant's changes so far count as sent (a first subscriber starts from now, not from a backlog). */
export function markBacklogFannedOut(trx: Trx) {
  return trx.updateTable('directory_change').set({ fanned_out: true }).where('fanned_out', '=', false).execute()
}

export function lockUnfannedChanges(trx: Trx, tenantIds: number[], batch: number) {
  return trx
    .selectFrom('directory_change')
    .select(['tenant_id', 'seq', 'entity', 'entity_id', 'action', 'org_id', 'at'])
    .where('tenant_id', 'in', tenantIds)
    .where('fanned_out', '=', false)
    .orderBy('seq')
    .limit(batch)
    .forUpdate()
    .skipLocked()
    .execute()
}

/** The tenants too, not only the seqs: the key is (tenant_id, seq), and by seq alone a district's feed was scanned whole. */
export function markFannedOut(trx: Trx, tenantIds: number[], seqs: number[]) {
  return trx
    .updateTable('directory_change')
    .set({ fanned_out: true })
    .where('tenant_id', 'in', tenantIds)
    .where('seq', 'in', seqs)
    .execute()
}

/**
 * The enabled subscriptions of these tenants whose app still opens and holds a secret (platform scope): the client
 * id and subject type build each app's subject ids.
 */
export function liveSubscriptions(trx: Trx, tenantIds: number[], today: string) {
  return trx
    .selectFrom('webhook_subscription as s')
    .innerJoin('app_client as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.app_id', '=', 's.app_id'))
    .innerJoin('app as a', (j) => j.onRef('a.tenant_id', '=', 's.tenant_id').onRef('a.id', '=', 's.app_id'))
    .select(['s.tenant_id', 's.app_id', 's.events', 'c.client_id', 'c.subject_type', 'c.scopes', 'c.children_data'])
    .where('s.tenant_id', 'in', tenantIds)
    .where('s.enabled', '=', true)
    .where('c.secret_sealed', 'is not', null)
    .where('c.suspended_at', 'is', null)
    .where('a.is_scrap', '=', false)
    .where((eb) => eb.or([eb('a.expire_date', 'is', null), eb('a.expire_date', '>=', today)]))
    .execute()
}

/** The people behind person changes (platform scope; the caller matches tenant and id). */
export function peopleByIds(trx: Trx, tenantIds: number[], ids: number[]) {
  return trx
    .selectFrom('user_info')
    .select(['tenant_id', 'id', 'archived', 'user_type', 'org_id'])
    .where('tenant_id', 'in', tenantIds)
    .where('id', 'in', ids)
    .execute()
}

/** The current guardians of these children (platform scope). */
export function guardiansOfChildren(trx: Trx, tenantIds: number[], childIds: number[]) {
  return trx
    .selectFrom('parent_child')
    .select(['tenant_id', 'child_id', 'parent_id', 'relation'])
    .where('tenant_id', 'in', tenantIds)
    .where('child_id', 'in', childIds)
    .orderBy('parent_id')
    .execute()
}

/**
 * Claims due deliveries of every tenant (platform scope): locked with SKIP LOCKED, then leased — the attempt counted
 * and next_at pushed past the send's timeout — so no other process takes them while this one sends, and a process
 * that dies mid-send leaves them due again once the lease runs out.
 */
export async function claimDueDeliveries(trx: Trx, now: Date, leaseUntil: Date, batch: number) {
  const rows = await trx
    .selectFrom('webhook_delivery')
    .select(['tenant_id', 'id', 'app_id', 'event', 'payload', 'attempts'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .orderBy('id')
    .limit(batch)
    .forUpdate()
    .skipLocked()
    .execute()
  if (rows.length === 0) return rows
  await trx
    .updateTable('webhook_delivery')
    .set({ attempts: sql<number>`attempts + 1`, next_at: leaseUntil })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute()
  return rows.map((r) => ({ ...r, attempts: r.attempts + 1 }))
}

/** The app's client and subscription at send time (tenant scope). */
export function deliveryTarget(trx: Trx, appId: number) {
  return trx
    .selectFrom('webhook_subscription as s')
    .innerJoin('app_client as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.app_id', '=', 's.app_id'))
    .select(['s.url', 's.enabled', 'c.client_id'])
    .where('s.app_id', '=', appId)
    .executeTakeFirst()
}

export function recordAttempt(
  trx: Trx,
  id: number,
  v: {
    status: 'pending' | 'delivered' | 'failed'
    next_at: Date
    last_status: number | null
    last_error: string | null
    delivered_at: Date | null
  },
) {
  return trx.updateTable('webhook_delivery').set(v).where('id', '=', id).execute()
}

/** Old history (platform scope): fanned-out changes and delivered deliveries past their keeping time. */
export async function pruneHistory(trx: Trx, changesBefore: Date, deliveriesBefore: Date) {
  // Unsent changes are kept while their tenant has a subscriber; a tenant without one never sends them (a first
  // subscriber starts from its own time), so they go with age like the rest.
  const changes = await trx
    .deleteFrom('directory_change as d')
    .where('d.at', '<', changesBefore)
    .where((eb) =>
      eb.or([
        eb('d.fanned_out', '=', true),
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_subscription as s')
              .select('s.app_id')
              .whereRef('s.tenant_id', '=', 'd.tenant_id')
              .where('s.enabled', '=', true),
          ),
        ),
      ]),
    )
    .executeTakeFirst()
  const deliveries = await trx
    .deleteFrom('webhook_delivery')
    .where('status', '=', 'delivered')
    .where('delivered_at', '<', deliveriesBefore)
    .executeTakeFirst()
  return { changes: Number(changes.numDeletedRows), deliveries: Number(deliveries.numDeletedRows) }
}
