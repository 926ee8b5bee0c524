import type { LogRow, SearchPersonRow } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'

/** /base-searchPerson: everyone in the caller's org and below (a bureau sees its schools' people). */
export function searchPeople(
  ctx: AppContext,
  auth: AuthInfo,
  q: { keyword?: string | null; userType?: number | null; pageIndex: number; pageSize: number },
): Promise<Page<SearchPersonRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    let rows = trx
      .selectFrom('user_info as u')
      .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
      .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
      .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
      .where('u.org_id', 'in', scope)
      .select([
        'u.id',
        'u.true_name as trueName',
        'a.user_name as userName',
        'u.phone',
        'u.user_type as userType',
        'u.org_id as orgId',
        'o.name as orgName',
        'u.job_no as jobNo',
        sql<string | null>`g.name || c.name`.as('className'),
        'u.status',
        'u.archived',
      ])
    if (q.userType != null) rows = rows.where('u.user_type', '=', q.userType)
    if (q.keyword) {
      const k = `%${q.keyword}%`
      rows = rows.where((eb) =>
        eb.or([
          eb('u.true_name', 'ilike', k),
          eb('u.phone', 'ilike', k),
          eb('u.job_no', 'ilike', k),
          eb('a.user_name', 'ilike', k),
        ]),
      )
    }
    return paginate(rows.orderBy('u.org_id').orderBy('u.id'), rows, q)
  })
}

export interface LogQuery {
  keyword?: string | null
  module?: string | null
  orgId?: number | null
  from?: string | null
  to?: string | null
  pageIndex: number
  pageSize: number
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
    let rows = trx
      .selectFrom('operation_log as l')
      .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'l.tenant_id').onRef('o.id', '=', 'l.org_id'))
      .where('l.org_id', 'in', q.orgId != null && scope.includes(q.orgId) ? [q.orgId] : scope)
      .$if(importantOnly, (w) => w.where('l.important', '=', true))
      .select([
        'l.id',
        'l.org_id as orgId',
        'o.name as orgName',
        'l.actor_name as actorName',
        'l.module',
        'l.action',
        'l.target',
        'l.detail',
        'l.ip',
        sql<string>`to_char(l.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
    if (q.module) rows = rows.where('l.module', '=', q.module)
    if (q.keyword)
      rows = rows.where((eb) =>
        eb.or([eb('l.actor_name', 'ilike', `%${q.keyword}%`), eb('l.target', 'ilike', `%${q.keyword}%`)]),
      )
    if (q.from) rows = rows.where(sql<boolean>`l.created_at >= (${q.from}::date AT TIME ZONE 'Asia/Shanghai')`)
    if (q.to) rows = rows.where(sql<boolean>`l.created_at < ((${q.to}::date + 1) AT TIME ZONE 'Asia/Shanghai')`)
    return paginate(rows.orderBy('l.id', 'desc'), rows, q)
  })
}

/** The orgs of the caller's scope that have log entries (the log page's org filter). */
export function operationOrgs(ctx: AppContext, auth: AuthInfo): Promise<{ orgId: number; orgName: string }[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return trx
      .selectFrom('org_unit as o')
      .select(['o.id as orgId', 'o.name as orgName'])
      .where('o.id', 'in', scope)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('operation_log as l').select('l.id').whereRef('l.org_id', '=', 'o.id')),
      )
      .orderBy('o.id')
      .execute()
  })
}
