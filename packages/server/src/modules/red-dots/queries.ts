import { ComplaintStatus } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import type { Viewer } from '../apps/registry.js'

/** Pending join requests to the org. */
export function countPendingJoinRequests(trx: Trx, orgId: number) {
  return trx
    .selectFrom('join_request')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow()
}

/** Pending complaints of the org; with classIds, only those of these classes. */
export function countPendingComplaints(trx: Trx, orgId: number, classIds?: number[]) {
  let q = trx.selectFrom('complaint').where('org_id', '=', orgId).where('status', '=', ComplaintStatus.PENDING)
  if (classIds) q = q.where('class_id', 'in', classIds)
  return q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
}

export function countUnreadMessages(trx: Trx, accountId: number) {
  return trx
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
}

/** The apps in the viewer's view with these unique ids (APP_COLUMNS). */
export function appsInViewByKeys(trx: Trx, v: Viewer, keys: string[]) {
  return appsInView(trx, v).select(APP_COLUMNS).where('app.unique_id', 'in', keys).execute()
}

/** Which of these rules the member has already seen. */
export function seenRuleIds(trx: Trx, userInfoId: number, ruleIds: string[]) {
  return trx
    .selectFrom('redot_seen')
    .select('rule_id')
    .where('user_info_id', '=', userInfoId)
    .where('rule_id', 'in', ruleIds)
    .execute()
}

export function insertSeenRules(trx: Trx, userInfoId: number, ruleIds: string[], seenAt: Date) {
  return trx
    .insertInto('redot_seen')
    .values(ruleIds.map((rule_id) => ({ user_info_id: userInfoId, rule_id, seen_at: seenAt })))
    .onConflict((oc) => oc.columns(['tenant_id', 'user_info_id', 'rule_id']).doNothing())
    .executeTakeFirst()
}

/** The apps in the viewer's view, unique id and name, in their order. */
export function listAppsInView(trx: Trx, v: Viewer) {
  return appsInView(trx, v).select(['app.unique_id', 'app.name']).orderBy('app.sort').orderBy('app.id').execute()
}

/** What waits for the member in each app, as the apps set it (PUT /open/v1/badges): the app's unique id and count. */
export function appBadgesOf(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('app_badge as b')
    .innerJoin('app', (j) => j.onRef('app.tenant_id', '=', 'b.tenant_id').onRef('app.id', '=', 'b.app_id'))
    .select(['app.unique_id', 'b.count'])
    .where('b.user_info_id', '=', userInfoId)
    .execute()
}
