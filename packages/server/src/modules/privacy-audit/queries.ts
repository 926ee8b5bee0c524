import { sql } from 'kysely'
import { UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'

/** The audit year's bounds in China's time: [from, to). */
const bounds = (year: number) => ({
  from: sql<Date>`make_timestamptz(${year}, 1, 1, 0, 0, 0, 'Asia/Shanghai')`,
  to: sql<Date>`make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'Asia/Shanghai')`,
})

export interface PeopleCounts {
  org_id: number | null
  org_name: string | null
  people: number
  students: number
  minors: number
  under14: number
  no_birthday: number
}

/**
 * The people whose data the tenant held during the year (a membership created before its end and not archived before
 * its start), one count per account, by the school of their membership (a person in two schools counts in each, once
 * in the total). Minor: under 18 at some time of the year (born after 1 January of year − 18); under 14 likewise.
 * The totals come with org_id null.
 */
export async function countPeople(trx: Trx, year: number): Promise<PeopleCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<PeopleCounts>`
    WITH held AS (
      SELECT DISTINCT u.account_id, u.org_id, (u.user_type = ${UserType.STUDENT}) AS student
      FROM user_info u
      WHERE u.created_at < ${to} AND (NOT u.archived OR u.archived_at IS NULL OR u.archived_at >= ${from})
    ), people AS (
      SELECT h.account_id, h.org_id, bool_or(h.student) AS student, p.birthday
      FROM held h LEFT JOIN person p ON p.account_id = h.account_id
      GROUP BY GROUPING SETS ((h.account_id, h.org_id, p.birthday), (h.account_id, p.birthday))
    )
    SELECT x.org_id::int AS org_id, o.name AS org_name,
      count(*)::int AS people,
      count(*) FILTER (WHERE x.student)::int AS students,
      count(*) FILTER (WHERE x.birthday > make_date(${year - 18}, 1, 1))::int AS minors,
      count(*) FILTER (WHERE x.birthday > make_date(${year - 14}, 1, 1))::int AS under14,
      count(*) FILTER (WHERE x.birthday IS NULL)::int AS no_birthday
    FROM people x LEFT JOIN org_unit o ON o.id = x.org_id
    GROUP BY x.org_id, o.name
    ORDER BY x.org_id NULLS FIRST`.execute(trx)
  return r.rows
}

export interface MonthCounts {
  month: number
  views: number
  reveals: number
  exports: number
  exported_subjects: number
}

/**
 * The access log by month: detail views, reveals, export events (the row without a subject each export writes) and
 * the per-person rows of student exports (how many records left the school in files).
 */
export async function accessByMonth(trx: Trx, year: number): Promise<MonthCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<MonthCounts>`
    SELECT m AS month,
      count(l.*) FILTER (WHERE l.action = 'view')::int AS views,
      count(l.*) FILTER (WHERE l.action = 'reveal')::int AS reveals,
      count(l.*) FILTER (WHERE l.action = 'export' AND l.subject_user_info_id IS NULL)::int AS exports,
      count(l.*) FILTER (WHERE l.action = 'export' AND l.subject_user_info_id IS NOT NULL)::int AS exported_subjects
    FROM generate_series(1, 12) m
    LEFT JOIN pi_access_log l
      ON l.at >= ${from} AND l.at < ${to}
     AND extract(month FROM l.at AT TIME ZONE 'Asia/Shanghai')::int = m
    GROUP BY m ORDER BY m`.execute(trx)
  return r.rows
}

export interface OrgAccessCounts {
  org_name: string | null
  views: number
  reveals: number
  exports: number
  exported_subjects: number
}

/** The same by the org of whose data it was (a bulk export row: the org it exported). */
export async function accessByOrg(trx: Trx, year: number): Promise<OrgAccessCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<OrgAccessCounts>`
    SELECT o.name AS org_name,
      count(*) FILTER (WHERE l.action = 'view')::int AS views,
      count(*) FILTER (WHERE l.action = 'reveal')::int AS reveals,
      count(*) FILTER (WHERE l.action = 'export' AND l.subject_user_info_id IS NULL)::int AS exports,
      count(*) FILTER (WHERE l.action = 'export' AND l.subject_user_info_id IS NOT NULL)::int AS exported_subjects
    FROM pi_access_log l LEFT JOIN org_unit o ON o.id = l.subject_org_id
    WHERE l.at >= ${from} AND l.at < ${to}
    GROUP BY o.name ORDER BY o.name NULLS LAST`.execute(trx)
  return r.rows
}

export interface AppReleaseCounts {
  app_name: string | null
  client_id: string
  signed_in_students: number
  directory_student_rows: number
  directory_student_calls: number
  guardian_calls: number
}

/**
 * Apps that received children's data, from the identity hub's access log (app_access_log): students who signed in
 * to the app (sign-in, CAS ticket validation, userinfo: their claims went to it), the student rows its directory
 * reads answered (the count the log line names: "/open/v1/students <n> …") and its reads of guardians (with their
 * children's links).
 */
export async function appReleases(trx: Trx, year: number): Promise<AppReleaseCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<AppReleaseCounts>`
    SELECT a.name AS app_name, l.client_id,
      count(DISTINCT l.user_info_id) FILTER (
        WHERE l.kind IN ('sign-in', 'validate', 'userinfo', 'token') AND u.user_type = ${UserType.STUDENT})::int
        AS signed_in_students,
      coalesce(sum(CASE WHEN l.kind = 'directory' AND l.detail LIKE '/open/v1/students %'
        AND split_part(l.detail, ' ', 2) ~ '^[0-9]+$' THEN split_part(l.detail, ' ', 2)::int END), 0)::int
        AS directory_student_rows,
      count(*) FILTER (WHERE l.kind = 'directory' AND l.detail LIKE '/open/v1/students %')::int
        AS directory_student_calls,
      count(*) FILTER (WHERE l.kind = 'directory' AND l.detail LIKE '/open/v1/guardians %')::int AS guardian_calls
    FROM app_access_log l
    LEFT JOIN app a ON a.id = l.app_id
    LEFT JOIN user_info u ON u.id = l.user_info_id
    WHERE l.at >= ${from} AND l.at < ${to}
    GROUP BY a.name, l.client_id
    ORDER BY a.name NULLS LAST, l.client_id`.execute(trx)
  return r.rows.filter(
    (x) =>
      x.signed_in_students > 0 || x.directory_student_rows > 0 || x.directory_student_calls > 0 || x.guardian_calls > 0,
  )
}

export interface NoticeInForce {
  kind: string
  version: number
  title: string
  published_at: string
  published_by_name: string | null
  superseded_at: string | null
  accepted: number
}

/** The notice versions in force at some time of the year, with when each was replaced and how many accepted it. */
export async function noticesInForce(trx: Trx, year: number): Promise<NoticeInForce[]> {
  const { from, to } = bounds(year)
  const r = await sql<NoticeInForce>`
    WITH v AS (
      SELECT n.kind, n.version, n.title, n.published_at, n.published_by_name,
        lead(n.published_at) OVER (PARTITION BY n.kind ORDER BY n.version) AS superseded
      FROM privacy_notice n WHERE n.version IS NOT NULL
    )
    SELECT v.kind, v.version, v.title,
      to_char(v.published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS published_at,
      v.published_by_name,
      to_char(v.superseded AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS superseded_at,
      (SELECT count(*)::int FROM privacy_notice_acceptance a
        WHERE a.kind = v.kind AND a.version = v.version AND a.accepted_at >= ${from} AND a.accepted_at < ${to})
        AS accepted
    FROM v
    WHERE v.published_at < ${to} AND (v.superseded IS NULL OR v.superseded >= ${from})
    ORDER BY v.kind, v.version`.execute(trx)
  return r.rows
}

export function findTenantName(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirst()
}
