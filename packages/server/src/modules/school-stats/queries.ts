import { UNIT_ATTR_SCHOOL_THRESHOLD, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/**
 * Every database call of the autumn statistics. The figures are read set-based (one GROUP BY per table, never a query
 * per school or class), so a snapshot of 300 schools and 1,000,000 students is a handful of scans.
 */

/** Only one snapshot of a tenant is computed at a time; a second waits, then sees the first (the double-click check). */
export const lockSnapshots = (trx: Trx, tenantId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`zx-school-stats:${tenantId}`}, 0))`.execute(trx)

export const latestTakenAt = (trx: Trx, schoolYear: string) =>
  trx
    .selectFrom('school_stats_snapshot')
    .select('taken_at')
    .where('school_year', '=', schoolYear)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst()

export const findMemberName = (trx: Trx, userInfoId: number) =>
  trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirst()

/** Live grades with their learning period's name. */
export const listGrades = (trx: Trx) =>
  trx
    .selectFrom('grade as g')
    .leftJoin('dict_item as d', (j) =>
      j.onRef('d.tenant_id', '=', 'g.tenant_id').onRef('d.id', '=', 'g.learn_period_id'),
    )
    .select(['g.id', 'g.org_id', 'g.name', 'g.entry_year', 'g.sort', 'd.name as period'])
    .where('g.archived', '=', false)
    .execute()

/** Live classes with their size (live students whose class it is). */
export const classSizes = (trx: Trx) =>
  sql<{ id: number; org_id: number; grade_id: number; name: string; size: number }>`
    SELECT c.id, c.org_id, c.grade_id, c.name, count(u.id)::int AS size
    FROM school_class c
    LEFT JOIN user_info u ON u.tenant_id = c.tenant_id AND u.class_id = c.id
      AND u.user_type = ${UserType.STUDENT} AND NOT u.archived
    WHERE NOT c.archived
    GROUP BY c.id, c.org_id, c.grade_id, c.name, c.sort
    ORDER BY c.sort, c.id`
    .execute(trx)
    .then((r) => r.rows)

/** Live students in a live class, counted by school × grade × sex × nation × study status. */
export const studentCounts = (trx: Trx) =>
  sql<{ org_id: number; grade_id: number; sex: number | null; nation: string | null; suspended: boolean; n: number }>`
    SELECT u.org_id, c.grade_id, p.sex, p.nation, u.study_status = 'suspended' AS suspended, count(*)::int AS n
    FROM user_info u
    JOIN school_class c ON c.tenant_id = u.tenant_id AND c.id = u.class_id AND NOT c.archived
    LEFT JOIN person p ON p.tenant_id = u.tenant_id AND p.account_id = u.account_id
    WHERE u.user_type = ${UserType.STUDENT} AND NOT u.archived
    GROUP BY 1, 2, 3, 4, 5`
    .execute(trx)
    .then((r) => r.rows)

/** Live staff of the schools, counted by school × 职称 × 学历 (dictionary names; null when not filled). */
export const teacherCounts = (trx: Trx) =>
  sql<{ org_id: number; title: string | null; education: string | null; n: number }>`
    SELECT u.org_id, t.name AS title, e.name AS education, count(*)::int AS n
    FROM user_info u
    JOIN org_unit o ON o.tenant_id = u.tenant_id AND o.id = u.org_id AND o.unit_attr >= ${UNIT_ATTR_SCHOOL_THRESHOLD}
    LEFT JOIN dict_item t ON t.tenant_id = u.tenant_id AND t.id = u.title_id
    LEFT JOIN person p ON p.tenant_id = u.tenant_id AND p.account_id = u.account_id
    LEFT JOIN dict_item e ON e.tenant_id = u.tenant_id AND e.id = p.education_id
    WHERE u.user_type = ${UserType.STAFF} AND NOT u.archived
    GROUP BY 1, 2, 3`
    .execute(trx)
    .then((r) => r.rows)

export const insertSnapshot = (
  trx: Trx,
  v: { school_year: string; taken_at: Date; taken_by: number; taker_name: string; data: string },
) =>
  trx
    .insertInto('school_stats_snapshot')
    .values(v)
    .returning(['id', 'school_year', 'taken_at', 'taker_name'])
    .executeTakeFirstOrThrow()

export const listSnapshots = (trx: Trx) =>
  trx
    .selectFrom('school_stats_snapshot')
    .select(['id', 'school_year', 'taken_at', 'taker_name'])
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute()

/** By id, else the latest of the school year, else the latest of all. */
export const findSnapshot = (trx: Trx, by: { id?: number; schoolYear?: string }) => {
  let q = trx.selectFrom('school_stats_snapshot').selectAll()
  if (by.id !== undefined) q = q.where('id', '=', by.id)
  else if (by.schoolYear !== undefined) q = q.where('school_year', '=', by.schoolYear)
  return q.orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()
}
