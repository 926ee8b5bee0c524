import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'

/** The database side of deep-pages.ts: kept counts by class, list versions, and the id reads from a known start. */

/** The kept-count rows of a list's filters (the CountFilter's conditions on member_count). */
function keptWhere(trx: Trx, f: CountFilter) {
  const on = [sql`archived = ${f.archived}`]
  if (f.status != null) on.push(sql`status = ${f.status}`)
  if (f.classId != null) on.push(sql`class_id = ${f.classId}`)
  else if (f.gradeId != null)
    // kysely puts the subquery in parentheses.
    on.push(sql`class_id IN ${trx.selectFrom('school_class').select('id').where('grade_id', '=', f.gradeId)}`)
  return sql.join(on, sql` AND `)
}

/**
 * The number of students of every class under the list's filters, in list order (class id, students without a class
 * last as 0): one row per class of the school, from the kept counts.
 */
export function classCounts(trx: Trx, f: CountFilter) {
  return sql<{ class_id: string; n: string }>`SELECT class_id::text AS class_id, sum(n)::text AS n FROM member_count
    WHERE org_id = ${f.orgId} AND user_type = ${f.userType} AND ${keptWhere(trx, f)}
    GROUP BY class_id HAVING sum(n) > 0 ORDER BY class_id = 0, class_id`.execute(trx)
}

/** Student ids of one class (0: without a class) in student number order, from `offset` when given. */
export function studentIdsInClass(keys: MemberKeys, classId: number, limit: number, offset?: number) {
  let q = (classId === 0 ? keys.where('u.class_id', 'is', null) : keys.where('u.class_id', '=', classId))
    .select('u.id')
    .orderBy('u.job_no')
    .orderBy('u.id')
  if (offset !== undefined) q = q.offset(offset)
  return q.limit(limit).execute()
}

/** Student ids of the classes after `classId`, in list order. */
export function studentIdsAfterClass(keys: MemberKeys, classId: number, limit: number) {
  return keys
    .where('u.class_id', '>', classId)
    .select('u.id')
    .orderBy('u.class_id')
    .orderBy('u.job_no')
    .orderBy('u.id')
    .limit(limit)
    .execute()
}

/**
 * The version of a school's list of one kind — the newest transaction that changed any of its kept counts (null when
 * none) — and the list's total under its filters, in one statement.
 */
export function listState(trx: Trx, f: CountFilter) {
  return sql<{ v: string | null; total: string }>`SELECT max(xmin::text::bigint)::text AS v,
    coalesce(sum(n) FILTER (WHERE ${keptWhere(trx, f)}), 0)::text AS total
    FROM member_count WHERE org_id = ${f.orgId} AND user_type = ${f.userType}`.execute(trx)
}

/** The sort keys of every `step`-th row of the list, in list order (one index-only pass). */
export function anchorRows(
  trx: Trx,
  keys: MemberKeys,
  order: readonly ('u.sort' | 'u.id')[],
  desc: boolean,
  step: number,
) {
  const dir = desc ? sql`DESC` : sql`ASC`
  const byOrder = sql.join(order.map((c) => sql`${sql.ref(c)} ${dir}`))
  const numbered = keys.select((eb) => [
    ...order.map((c) => eb.ref(c).as(c.slice(2))),
    sql<number>`row_number() OVER (ORDER BY ${byOrder})`.as('rn'),
  ])
  return trx
    .selectFrom(numbered.as('n'))
    .selectAll()
    .where(sql<boolean>`rn % ${step} = 0`)
    .orderBy('rn')
    .execute()
}

/** Ids of the list in its order, after the row whose sort key is `after` (from the start when undefined). */
export function idsFromAnchor(
  keys: MemberKeys,
  order: readonly ('u.sort' | 'u.id')[],
  desc: boolean,
  after: (string | number)[] | undefined,
  offset: number,
  limit: number,
) {
  let q = keys.select('u.id')
  if (after) {
    const lhs = sql.join(order.map((c) => sql.ref(c)))
    const rhs = sql.join(after.map((v) => sql`${v}`))
    q = q.where(desc ? sql<boolean>`(${lhs}) < (${rhs})` : sql<boolean>`(${lhs}) > (${rhs})`)
  }
  for (const c of order) q = q.orderBy(c, desc ? 'desc' : 'asc')
  return q.offset(offset).limit(limit).execute()
}
