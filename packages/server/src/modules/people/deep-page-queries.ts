import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'

/** The database side of deep-pages.ts: kept counts by class, list versions, and the id reads from a known start. */

/** The kept member counts of a list's filters, summed per class (class_id 0 is "no class"). */
export function countsByClass(trx: Trx, f: CountFilter) {
  let q = trx
    .selectFrom('member_count')
    .select(['class_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('org_id', '=', f.orgId)
    .where('user_type', '=', f.userType)
    .where('archived', '=', f.archived)
  if (f.status != null) q = q.where('status', '=', f.status)
  if (f.classId != null) q = q.where('class_id', '=', f.classId)
  else if (f.gradeId != null)
    q = q.where('class_id', 'in', trx.selectFrom('school_class').select('id').where('grade_id', '=', f.gradeId))
  return q.groupBy('class_id').execute()
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

/** The newest transaction that changed any kept count of a school's members of one kind (null when none). */
export function listVersion(trx: Trx, orgId: number, userType: number) {
  return sql<{ v: string | null }>`SELECT max(xmin::text::bigint)::text AS v FROM member_count
    WHERE org_id = ${orgId} AND user_type = ${userType}`.execute(trx)
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
