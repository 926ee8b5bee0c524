import type { LogRow, SearchPersonRow } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { maskLoggedRow } from '../../platform/op-log.js'
import { assertInScope, subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { maskSearchRow } from './masks.js'
import {
  listOrgsWithLog,
  pageLogRows,
  searchKeywordPage,
  searchOrgCounts,
  searchOrgIds,
  searchRowsByIds,
  type LogQuery,
} from './search-queries.js'

/**
 * /base-searchPerson: everyone in the caller's org and below (a bureau sees its schools' people), or in one org of
 * that scope and below (the school filter), by org then id.
 */
export function searchPeople(
  ctx: AppContext,
  auth: AuthInfo,
  q: {
    keyword?: string | null
    userType?: number | null
    orgId?: number | null
    pageIndex: number
    pageSize: number
  },
): Promise<Page<SearchPersonRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (q.orgId != null) await assertInScope(trx, auth, q.orgId)
    const orgIds = await subtreeIds(trx, q.orgId ?? auth.orgId)
    const userType = q.userType ?? null
    const offset = (q.pageIndex - 1) * q.pageSize
    const { ids, total } = q.keyword
      ? await searchKeywordPage(trx, orgIds, q.keyword, userType, offset, q.pageSize)
      : await pageFromCounts(trx, orgIds, userType, offset, q.pageSize)
    const byId = new Map((ids.length ? await searchRowsByIds(trx, ids) : []).map((r) => [r.id, r]))
    const list = ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => r !== undefined)
    // A search by a typed phone still finds the person; the answer shows the number masked like every list.
    return { list: list.map(maskSearchRow), total, pageIndex: q.pageIndex, pageSize: q.pageSize }
  })
}

/**
 * Without a keyword the list is each org's members by id, one org after another. Sorting the district's members
 * by (org, id) costs the whole district per page; instead the kept counts say which org holds the offset, and the
 * page is read from that org's index range (and the next orgs' when it ends), so page 2,000 skips at most one
 * school's members, and page 1 none.
 */
async function pageFromCounts(trx: Trx, orgIds: number[], userType: number | null, offset: number, limit: number) {
  const counts = await searchOrgCounts(trx, orgIds, userType)
  const total = counts.reduce((s, c) => s + c.n, 0)
  const ids: number[] = []
  let before = 0
  for (const c of counts) {
    if (ids.length >= limit) break
    if (before + c.n <= offset) {
      before += c.n
      continue
    }
    const from = Math.max(offset - before, 0)
    ids.push(...(await searchOrgIds(trx, c.orgId, userType, from, limit - ids.length)))
    before += c.n
  }
  return { ids, total }
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
