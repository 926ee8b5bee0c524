import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate } from '../../platform/paging.js'

/** The database side of search-service.ts. */

/**
 * The people search reads a page in two steps (docs/performance.md, "People search and deep pages, second pass"):
 * the page's ids, from one school's index range (no keyword) or from the trigram indexes (a keyword), then the rows
 * of those ids. The list is every member of the given orgs by org, then id.
 */

/** The search's rows of the given ids (any order; the caller puts them in the page's order). */
export function searchRowsByIds(trx: Trx, ids: number[]) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
    .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .where('u.id', 'in', ids)
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
    .execute()
}

/**
 * The number of members of each of the orgs (of one kind when given), from the kept member counts (exact: the
 * statement triggers keep them in the writing transaction), by org id; orgs without members are left out.
 */
export async function searchOrgCounts(trx: Trx, orgIds: number[], userType: number | null) {
  let q = trx
    .selectFrom('member_count')
    .select(['org_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('org_id', 'in', orgIds)
  if (userType != null) q = q.where('user_type', '=', userType)
  const rows = await q
    .groupBy('org_id')
    .having((eb) => eb.fn.sum('n'), '>', 0)
    .orderBy('org_id')
    .execute()
  return rows.map((r) => ({ orgId: Number(r.org_id), n: Number(r.n) }))
}

/** Ids of one org's members (of one kind when given) by id, from `offset`: one range of user_info_org_order. */
export async function searchOrgIds(trx: Trx, orgId: number, userType: number | null, offset: number, limit: number) {
  let q = trx.selectFrom('user_info as u').select('u.id').where('u.org_id', '=', orgId)
  if (userType != null) q = q.where('u.user_type', '=', userType)
  // By (org, id) though the org is fixed: ordered by id alone, a small page lets the planner walk the primary key
  // through the whole tenant looking for this org's rows (seconds for a school in the middle of the district).
  const rows = await q.orderBy('u.org_id').orderBy('u.id').offset(offset).limit(limit).execute()
  return rows.map((r) => r.id)
}

/**
 * The members of the orgs (of one kind when given) whose name, phone, number or login name contains the keyword.
 * The matches are found first, each table through its trigram index, in materialised CTEs: given the org list
 * beside them the planner also ANDs in the orgs' b-tree range (the whole district's members). UNION drops a member
 * both arms find. `%` and `_` in the keyword stay wildcards, as they always were here.
 */
function keywordMatches(orgIds: number[], keyword: string, userType: number | null) {
  const k = `%${keyword}%`
  const orgs = sql.join(orgIds.map((id) => sql`${id}`))
  const ofType = (col: string) => (userType == null ? sql`` : sql` AND ${sql.ref(col)} = ${userType}`)
  return sql`WITH own AS MATERIALIZED (
      SELECT id, org_id, user_type FROM user_info WHERE true_name ILIKE ${k} OR phone ILIKE ${k} OR job_no ILIKE ${k}),
    login AS MATERIALIZED (SELECT id FROM account WHERE user_name ILIKE ${k})
    SELECT own.id, own.org_id FROM own WHERE own.org_id IN (${orgs})${ofType('own.user_type')}
    UNION
    SELECT u.id, u.org_id FROM login JOIN user_info u ON u.account_id = login.id
      WHERE u.org_id IN (${orgs})${ofType('u.user_type')}`
}

/** A page of the keyword's matches (ids in list order) and their number. */
export async function searchKeywordPage(
  trx: Trx,
  orgIds: number[],
  keyword: string,
  userType: number | null,
  offset: number,
  limit: number,
) {
  const matches = keywordMatches(orgIds, keyword, userType)
  const ids = await sql<{ id: number }>`SELECT m.id FROM (${matches}) m ORDER BY m.org_id, m.id
    OFFSET ${offset} LIMIT ${limit}`.execute(trx)
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${matches}) m`.execute(trx)
  return { ids: ids.rows.map((r) => Number(r.id)), total: Number(total.rows[0]!.n) }
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
