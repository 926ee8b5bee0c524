import type { Trx } from '../../db/database.js'
import { APP_COLUMNS, appsInView, type AppReach } from './registry-queries.js'

/** The member's favourites among the apps in view, latest first. */
export function listOftenUseApps(trx: Trx, v: AppReach, userInfoId: number) {
  return appsInView(trx, v)
    .innerJoin('often_use as f', (j) => j.onRef('f.tenant_id', '=', 'app.tenant_id').onRef('f.app_id', '=', 'app.id'))
    .select(APP_COLUMNS)
    .where('f.user_info_id', '=', userInfoId)
    .orderBy('f.created_at', 'desc')
    .orderBy('app.id')
    .execute()
}

export function findAppInView(trx: Trx, v: AppReach, appId: number) {
  return appsInView(trx, v).select(APP_COLUMNS).where('app.id', '=', appId).executeTakeFirst()
}

/** Adds a favourite, or moves an existing one to the top (its time becomes `now`). */
export async function upsertOftenUse(trx: Trx, userInfoId: number, appId: number, now: Date): Promise<void> {
  await trx
    .insertInto('often_use')
    .values({ user_info_id: userInfoId, app_id: appId, created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_info_id', 'app_id']).doUpdateSet({ created_at: now }))
    .execute()
}

export function deleteOftenUseApp(trx: Trx, userInfoId: number, appId: number) {
  return trx
    .deleteFrom('often_use')
    .where('user_info_id', '=', userInfoId)
    .where('app_id', '=', appId)
    .executeTakeFirst()
}

export function deleteAllOftenUse(trx: Trx, userInfoId: number) {
  return trx.deleteFrom('often_use').where('user_info_id', '=', userInfoId).executeTakeFirst()
}

export function listShownAppsInView(trx: Trx, v: AppReach) {
  return appsInView(trx, v)
    .select(APP_COLUMNS)
    .where('app.has_show', '=', true)
    .orderBy('app.sort')
    .orderBy('app.id')
    .execute()
}

/** Apps in view whose route is `route` or lies under it, registered apps before built-in ones. */
export function listAppsUnderRoute(trx: Trx, v: AppReach, route: string) {
  return appsInView(trx, v)
    .select(APP_COLUMNS)
    .where((eb) =>
      eb.or([eb('app.req_uri', '=', route), eb('app.req_uri', 'like', `${route.replace(/[\\%_]/g, '\\$&')}/%`)]),
    )
    .orderBy('app.builtin')
    .orderBy('app.id')
    .execute()
}
