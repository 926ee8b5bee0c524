import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** What a school's preview and run read: its live grades, classes and students, transfers, feeder, enrolment rows. */

export interface GradeRow {
  id: number
  name: string
  entry_year: number
  learn_period_id: number | null
  sort: number
  /** The learning period's name (小学, 初中 …), null without one. */
  period: string | null
}

export async function schoolGrades(trx: Trx, orgId: number): Promise<GradeRow[]> {
  const rows = await trx
    .selectFrom('grade as g')
    .leftJoin('dict_item as d', (j) =>
      j.onRef('d.tenant_id', '=', 'g.tenant_id').onRef('d.id', '=', 'g.learn_period_id'),
    )
    .select(['g.id', 'g.name', 'g.entry_year', 'g.learn_period_id', 'g.sort', 'd.name as period'])
    .where('g.org_id', '=', orgId)
    .where('g.archived', '=', false)
    .orderBy('g.entry_year', 'desc')
    .orderBy('g.id')
    .execute()
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    learn_period_id: r.learn_period_id == null ? null : Number(r.learn_period_id),
  }))
}

export interface ClassRow {
  id: number
  grade_id: number
  name: string
  sort: number
  /** Live students (在读 and 休学). */
  students: number
  suspended: number
}

/** The live classes of the school's live grades, with their live students counted. */
export async function schoolClasses(trx: Trx, orgId: number): Promise<ClassRow[]> {
  const r = await sql<ClassRow>`
    SELECT c.id, c.grade_id, c.name, c.sort,
      count(u.id)::int AS students, count(u.id) FILTER (WHERE u.study_status = 'suspended')::int AS suspended
    FROM school_class c
    JOIN grade g ON g.tenant_id = c.tenant_id AND g.id = c.grade_id AND NOT g.archived
    LEFT JOIN user_info u ON u.tenant_id = c.tenant_id AND u.class_id = c.id AND u.org_id = ${orgId}
      AND u.user_type = ${UserType.STUDENT} AND NOT u.archived
    WHERE c.org_id = ${orgId} AND NOT c.archived
    GROUP BY c.id, c.grade_id, c.name, c.sort
    ORDER BY c.grade_id, c.sort, c.id`.execute(trx)
  return r.rows.map((c) => ({ ...c, id: Number(c.id), grade_id: Number(c.grade_id) }))
}

export interface StudentRow {
  id: number
  true_name: string
  class_id: number
  study_status: 'enrolled' | 'suspended'
}

/** The live students of the school's live classes (the run's whole roster). */
export async function schoolStudents(trx: Trx, orgId: number): Promise<StudentRow[]> {
  const r = await sql<StudentRow>`
    SELECT u.id, u.true_name, u.class_id, u.study_status
    FROM user_info u
    JOIN school_class c ON c.tenant_id = u.tenant_id AND c.id = u.class_id AND NOT c.archived AND c.org_id = ${orgId}
    JOIN grade g ON g.tenant_id = c.tenant_id AND g.id = c.grade_id AND NOT g.archived
    WHERE u.org_id = ${orgId} AND u.user_type = ${UserType.STUDENT} AND NOT u.archived
    ORDER BY u.id`.execute(trx)
  return r.rows.map((s) => ({ ...s, id: Number(s.id), class_id: Number(s.class_id) }))
}

/** Live students of the school in 休学. */
export async function suspendedStudents(trx: Trx, orgId: number) {
  const r = await sql<{ id: number; true_name: string; class_id: number }>`
    SELECT u.id, u.true_name, u.class_id
    FROM user_info u
    JOIN school_class c ON c.tenant_id = u.tenant_id AND c.id = u.class_id AND NOT c.archived AND c.org_id = ${orgId}
    WHERE u.org_id = ${orgId} AND u.user_type = ${UserType.STUDENT} AND NOT u.archived
      AND u.study_status = 'suspended'
    ORDER BY u.id`.execute(trx)
  return r.rows.map((s) => ({ ...s, id: Number(s.id), class_id: Number(s.class_id) }))
}

/** Transfers out of the school not yet finished: applied, agreed, or approved and not yet effective. */
export async function pendingTransfers(trx: Trx, orgId: number) {
  const r = await sql<{
    user_info_id: number
    true_name: string
    class_id: number | null
    to_name: string
    status: string
  }>`
    SELECT t.user_info_id, u.true_name, u.class_id, o.name AS to_name, t.status
    FROM transfer_request t
    JOIN user_info u ON u.tenant_id = t.tenant_id AND u.id = t.user_info_id
    JOIN org_unit o ON o.tenant_id = t.tenant_id AND o.id = t.to_org_id
    WHERE t.from_org_id = ${orgId}
      AND (t.status IN ('applied', 'out_agreed') OR (t.status = 'approved' AND t.done_at IS NULL))
    ORDER BY t.id`.execute(trx)
  return r.rows.map((t) => ({
    ...t,
    user_info_id: Number(t.user_info_id),
    class_id: t.class_id == null ? null : Number(t.class_id),
  }))
}

/** The school this one's graduates are offered to (feeder_school), the first by id when several. */
export async function feederOf(trx: Trx, orgId: number) {
  const r = await sql<{ id: number; name: string }>`
    SELECT o.id, o.name FROM feeder_school f
    JOIN org_unit o ON o.tenant_id = f.tenant_id AND o.id = f.to_org_id
    WHERE f.from_org_id = ${orgId} ORDER BY o.id LIMIT 1`.execute(trx)
  const row = r.rows[0]
  return row ? { id: Number(row.id), name: row.name } : null
}

/** The open rows of `schoolYear` at the school (written by an intake or a transfer during the year), by student. */
export async function openEnrolments(trx: Trx, orgId: number, schoolYear: string): Promise<Map<number, number>> {
  const r = await sql<{ id: number; user_info_id: number }>`
    SELECT DISTINCT ON (user_info_id) id, user_info_id FROM enrolment
    WHERE org_id = ${orgId} AND school_year = ${schoolYear} AND ended_on IS NULL
    ORDER BY user_info_id, id DESC`.execute(trx)
  return new Map(r.rows.map((e) => [Number(e.user_info_id), Number(e.id)]))
}

/** Each student's latest enrolment row (any year, any school), the previous row of the one a roll-over writes. */
export async function latestEnrolments(trx: Trx, userInfoIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  for (let i = 0; i < userInfoIds.length; i += 5000) {
    const part = userInfoIds.slice(i, i + 5000)
    const r = await sql<{ id: number; user_info_id: number }>`
      SELECT DISTINCT ON (user_info_id) id, user_info_id FROM enrolment
      WHERE user_info_id = ANY(${part}::bigint[]) ORDER BY user_info_id, id DESC`.execute(trx)
    for (const e of r.rows) out.set(Number(e.user_info_id), Number(e.id))
  }
  return out
}

/** Names for an undo's refusal: a member's, a grade's, a class's (with its grade), an enrolment row's student. */
export async function rowName(trx: Trx, table: string, id: number): Promise<string | null> {
  const q =
    table === 'user_info'
      ? sql<{ name: string }>`SELECT true_name AS name FROM user_info WHERE id = ${id}`
      : table === 'grade'
        ? sql<{ name: string }>`SELECT name FROM grade WHERE id = ${id}`
        : table === 'school_class'
          ? sql<{ name: string }>`SELECT coalesce(g.name, '') || c.name AS name FROM school_class c
              LEFT JOIN grade g ON g.tenant_id = c.tenant_id AND g.id = c.grade_id WHERE c.id = ${id}`
          : table === 'enrolment'
            ? sql<{ name: string }>`SELECT u.true_name AS name FROM enrolment e
                JOIN user_info u ON u.tenant_id = e.tenant_id AND u.id = e.user_info_id WHERE e.id = ${id}`
            : null
  if (!q) return null
  const r = await q.execute(trx)
  return r.rows[0]?.name ?? null
}
