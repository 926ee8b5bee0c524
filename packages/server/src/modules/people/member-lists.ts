import type { SelectQueryBuilder } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { scopedOrg } from '../../platform/org-scope.js'
import { countOf, pageByKeys, paginate, type DeepPage, type Page, type PageQuery } from '../../platform/paging.js'
import { keptTotal, type CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'

/**
 * What the people lists share (docs/people.md): teachers, students and parents page over the ids of their members
 * (`memberKeys` and each kind's own filters), the 异动 and 加入审核 lists over the records of one org (`pageInOrg`).
 */

/**
 * One page of a people list: the ids of `ordered` (its keys in list order), their rows from `rows`. A list filtered
 * only as the kept member counts are (`kept`) takes its total from them and reads far pages with `deep`
 * (modules/people/deep-pages.ts); any other filter counts the keys.
 */
export function pageMembers<R extends { id: number }>(
  trx: Trx,
  q: PageQuery,
  o: {
    keys: MemberKeys
    ordered: SelectQueryBuilder<Database & { u: Database['user_info'] }, 'u', { id: number }>
    rows: (ids: number[]) => Promise<R[]>
    counted: CountFilter
    kept: boolean
    deep: (offset: number, limit: number) => Promise<DeepPage>
  },
): Promise<Page<R>> {
  return pageByKeys(
    o.ordered,
    o.rows,
    q,
    () => (o.kept ? keptTotal(trx, o.counted) : countOf(o.keys)),
    o.kept ? o.deep : undefined,
  )
}

/** A page of the records of the org the caller works on (`q.orgId` inside their scope, else their own): `list` orders them. */
export function pageInOrg<DB, TB extends keyof DB, O>(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number },
  list: (trx: Trx, orgId: number) => SelectQueryBuilder<DB, TB, O>,
): Promise<Page<O>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const rows = list(trx, await scopedOrg(trx, auth, q.orgId))
    // countOf drops the order: the same query serves the page and its total.
    return paginate(rows, rows as SelectQueryBuilder<DB, TB, object>, q)
  })
}
