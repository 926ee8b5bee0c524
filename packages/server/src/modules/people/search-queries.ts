import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

/** The database side of search-service.ts. */

/** A page of the members of the given orgs, of one kind and matching a keyword when given, by org then id. */
export function pageSearchRows(
  trx: Trx,
  orgIds: number[],
  q: PageQuery & { keyword?: string | null; userType?: number | null },
) {
  let rows = trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
    .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .where('u.org_id', 'in', orgIds)
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

/** A page of the operation log of the given orgs, newest first, filtered as asked. */
export function pageLogRows(trx: Trx, orgIds: number[], q: LogQuery, importantOnly: boolean) {
  let rows = trx
    .selectFrom('operation_log as l')
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'l.tenant_id').onRef('o.id', '=', 'l.org_id'))
    .where('l.org_id', 'in', orgIds)
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
}

/** The orgs among `orgIds` that have log entries. */
export function listOrgsWithLog(trx: Trx, orgIds: number[]) {
  return trx
    .selectFrom('org_unit as o')
    .select(['o.id as orgId', 'o.name as orgName'])
    .where('o.id', 'in', orgIds)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('operation_log as l').select('l.id').whereRef('l.org_id', '=', 'o.id')),
    )
    .orderBy('o.id')
    .execute()
}
