import {
  AppMsg,
  ErrorCode,
  type AppRow,
  type DynamicPermissionBody,
  type FallbackAppRow,
  type HostedApp,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { collectedIds, mayOpen, notOffered, offerable, toAppRow, viewerOf } from './registry.js'
import {
  deleteAllOftenUse,
  deleteOftenUseApp,
  findAppInView,
  listAppsUnderRoute,
  listOftenUseApps,
  listShownAppsInView,
  upsertOftenUse,
} from './user-apps-queries.js'

/**
 * What a signed-in user does with apps: favourites (常用, per membership, i.e. per account and org), the unified
 * portal check, the fallback list and the host page's look-up of a sub-app route.
 */

/** selectOftenUseAppList: favourites still offered to the user (registry offerable), latest first. */
export function oftenUseList(ctx: AppContext, auth: AuthInfo): Promise<AppRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const rows = await listOftenUseApps(trx, v, auth.userInfoId)
    const all = new Set(rows.map((r) => r.id))
    return rows.filter((a) => offerable(v, a)).map((a) => toAppRow(a, v.today, all))
  })
}

export function addOftenUse(ctx: AppContext, auth: AuthInfo, appId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const a = await findAppInView(trx, v, appId)
    // Only what the user is offered can be a favourite. A hidden or forbidden app answers like a missing one.
    const why = a ? notOffered(v, a) : 'hidden'
    if (why === 'hidden' || !a) throw notFound(AppMsg.NOT_FOUND)
    if (why === 'userType') throw new AppError(ErrorCode.FORBIDDEN, AppMsg.USER_TYPE_REFUSED, 403)
    if (why === 'unconfigured') throw refused(ErrorCode.BAD_REQUEST, AppMsg.NOT_REGISTERED)
    await upsertOftenUse(trx, auth.userInfoId, a.id, ctx.clock.now())
  })
}

export function deleteOftenUse(ctx: AppContext, auth: AuthInfo, appId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await deleteOftenUseApp(trx, auth.userInfoId, appId)
    if (!Number(r.numDeletedRows)) throw notFound(AppMsg.NOT_FOUND)
  })
}

export function clearOftenUse(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await deleteAllOftenUse(trx, auth.userInfoId)
    return Number(r.numDeletedRows)
  })
}

/** permissions/dynamic (unified portal check): the pairs whose permission the user holds, deduplicated. */
export function dynamicPermissions(
  ctx: AppContext,
  auth: AuthInfo,
  pairs: DynamicPermissionBody,
): Promise<DynamicPermissionBody> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const seen = new Set<string>()
    return pairs.filter((p) => {
      const key = `${p.appUniqueId}\u0000${p.permission}`
      if (seen.has(key) || !v.permissions.has(p.permission)) return false
      seen.add(key)
      return true
    })
  })
}

/** getAppListById: the flat list of apps the user is offered, for headers whose groups failed to load. */
export function fallbackList(ctx: AppContext, auth: AuthInfo): Promise<FallbackAppRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const collected = await collectedIds(trx, auth.userInfoId)
    const rows = await listShownAppsInView(trx, v)
    return rows
      .filter((a) => offerable(v, a))
      .map((a) => ({
        appUniqueId: a.unique_id,
        appName: a.name,
        iconUri: a.icon_uri,
        appId: a.id,
        hasCollect: collected.has(a.id),
        reqUri: a.req_uri,
      }))
  })
}

/**
 * The registered app governing a sub-app route (/attendance, /oafn/leave): the app whose reqUri is that route or
 * lies under it, registered apps before built-in ones. Null when none is registered; an app the user may not open
 * is still returned (flags and permission) so the host page can say why it refuses.
 */
export function hostedApp(ctx: AppContext, auth: AuthInfo, route: string): Promise<HostedApp | null> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const rows = await listAppsUnderRoute(trx, v, route)
    const a = rows.find((r) => r.entry_url) ?? rows[0]
    if (!a) return null
    const collected = await collectedIds(trx, auth.userInfoId)
    const row = toAppRow(a, v.today, collected)
    const may = mayOpen(v, a)
    // The frame address is only handed to one who may open the app.
    return { app: may ? row : { ...row, entryUrl: null }, mayOpen: may }
  })
}
