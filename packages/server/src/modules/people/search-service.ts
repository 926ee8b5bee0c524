import type { LogRow, SearchPersonRow } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { maskLoggedRow } from '../../platform/op-log.js'
import { subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { maskSearchRow } from './masks.js'
import { listOrgsWithLog, pageLogRows, pageSearchRows, type LogQuery } from './search-queries.js'

/** /base-searchPerson: everyone in the caller's org and below (a bureau sees its schools' people). */
export function searchPeople(
  ctx: AppContext,
  auth: AuthInfo,
  q: { keyword?: string | null; userType?: number | null; pageIndex: number; pageSize: number },
): Promise<Page<SearchPersonRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    const page = await pageSearchRows(trx, scope, q)
    // A search by a typed phone still finds the person; the answer shows the number masked like every list.
    return { ...page, list: page.list.map(maskSearchRow) }
  })
}

/**
 * The operation log of the caller's org and below: /base-logMonitor shows the key operations (deletes,
 * password resets, imports, exports, archives, grants), /roles-userOptionlog every admin write.
 */
export function pageOperationLog(
  ctx: AppContext,
  auth: AuthInfo,
  q: LogQuery,
  importantOnly: boolean,
): Promise<Page<LogRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    const page = await pageLogRows(
      trx,
      q.orgId != null && scope.includes(q.orgId) ? [q.orgId] : scope,
      q,
      importantOnly,
    )
    return { ...page, list: page.list.map(maskLoggedRow) }
  })
}

/** The orgs of the caller's scope that have log entries (the log page's org filter). */
export function operationOrgs(ctx: AppContext, auth: AuthInfo): Promise<{ orgId: number; orgName: string }[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return listOrgsWithLog(trx, scope)
  })
}
