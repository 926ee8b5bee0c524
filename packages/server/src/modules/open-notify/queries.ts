import type { Trx } from '../../db/database.js'

/** Every live membership's id of the tenant (a pairwise app's subjects are found by digesting each). */
export function liveMemberIds(trx: Trx) {
  return trx.selectFrom('user_info').select('id').where('archived', '=', false).execute()
}

/** Live memberships by id, with the account a message goes to and the school whose templates apply. */
export function liveMembersByIds(trx: Trx, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([])
  return trx
    .selectFrom('user_info')
    .select(['id', 'account_id', 'org_id'])
    .where('id', 'in', [...ids])
    .where('archived', '=', false)
    .execute()
}

export function upsertBadges(
  trx: Trx,
  appId: number,
  rows: readonly { userInfoId: number; count: number }[],
  now: Date,
) {
  if (!rows.length) return Promise.resolve()
  return trx
    .insertInto('app_badge')
    .values(rows.map((r) => ({ app_id: appId, user_info_id: r.userInfoId, count: r.count, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_info_id', 'app_id']).doUpdateSet((eb) => ({
        count: eb.ref('excluded.count'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute()
}

export function deleteBadges(trx: Trx, appId: number, userInfoIds: readonly number[]) {
  if (!userInfoIds.length) return Promise.resolve()
  return trx
    .deleteFrom('app_badge')
    .where('app_id', '=', appId)
    .where('user_info_id', 'in', [...userInfoIds])
    .execute()
}
