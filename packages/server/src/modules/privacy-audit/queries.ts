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

export interface ExportApprovalRow {
  id: number
  kind: 'student' | 'teacher' | 'parent'
  full_values: boolean
  requester_name: string
  org_name: string | null
  purpose: string
  status: string
  reviewer_name: string | null
  created_at: Date
  reviewed_at: Date | null
  row_count: number | null
  download_count: number
}

/** The year's export requests (export approval), each with its review and what it produced; counts and names only. */
export async function exportRequests(trx: Trx, year: number): Promise<ExportApprovalRow[]> {
  const { from, to } = bounds(year)
  const r = await sql<ExportApprovalRow>`
    SELECT e.id, e.kind, e.full_values, e.requester_name, o.name AS org_name, e.purpose, e.status, e.reviewer_name,
      e.created_at, e.reviewed_at, e.row_count, e.download_count
    FROM pi_export_request e
    LEFT JOIN org_unit o ON o.id = e.org_id
    WHERE e.created_at >= ${from} AND e.created_at < ${to}
    ORDER BY e.created_at, e.id`.execute(trx)
  return r.rows
}

export interface ConsentCounts {
  purpose: string
  app_name: string | null
  given: number
  withdrawn: number
  under14_lines: number
  children: number
  in_force_at_end: number
}

/**
 * The consent ledger's year by purpose and app: lines given and withdrawn, children concerned, and the consents still
 * in force at the year's end (the latest line per child, purpose and app given).
 */
export async function consentCounts(trx: Trx, year: number): Promise<ConsentCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<ConsentCounts>`
    WITH latest AS (
      SELECT DISTINCT ON (child_id, purpose, coalesce(app_id, 0)) child_id, purpose, app_id, given
      FROM consent_record WHERE at < ${to}
      ORDER BY child_id, purpose, coalesce(app_id, 0), at DESC, id DESC
    ), year_lines AS (
      SELECT purpose, app_id,
        count(*) FILTER (WHERE given)::int AS given,
        count(*) FILTER (WHERE NOT given)::int AS withdrawn,
        count(*) FILTER (WHERE under14)::int AS under14_lines,
        count(DISTINCT child_id)::int AS children
      FROM consent_record WHERE at >= ${from} AND at < ${to}
      GROUP BY purpose, app_id
    ), in_force AS (
      SELECT purpose, app_id, count(*)::int AS n FROM latest WHERE given GROUP BY purpose, app_id
    )
    SELECT k.purpose, a.name AS app_name,
      coalesce(y.given, 0) AS given, coalesce(y.withdrawn, 0) AS withdrawn,
      coalesce(y.under14_lines, 0) AS under14_lines, coalesce(y.children, 0) AS children,
      coalesce(f.n, 0) AS in_force_at_end
    FROM (SELECT purpose, app_id FROM year_lines UNION SELECT purpose, app_id FROM in_force) k
    LEFT JOIN year_lines y ON y.purpose = k.purpose AND y.app_id IS NOT DISTINCT FROM k.app_id
    LEFT JOIN in_force f ON f.purpose = k.purpose AND f.app_id IS NOT DISTINCT FROM k.app_id
    LEFT JOIN app a ON a.id = k.app_id
    ORDER BY k.purpose, a.name NULLS FIRST`.execute(trx)
  return r.rows
}

export interface RequestCounts {
  kind: 'delete' | 'correct'
  received: number
  done: number
  refused: number
  pending: number
  overdue: number
  avg_days: number | null
  max_days: number | null
}

/**
 * Guardians' deletion and correction requests received in the year: how they ended, how many passed their deadline
 * unanswered (or were answered after it), and the response time in days (received to handled).
 */
export async function requestCounts(trx: Trx, year: number): Promise<RequestCounts[]> {
  const { from, to } = bounds(year)
  const r = await sql<RequestCounts>`
    SELECT kind,
      count(*)::int AS received,
      count(*) FILTER (WHERE status = 'done')::int AS done,
      count(*) FILTER (WHERE status = 'refused')::int AS refused,
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(*) FILTER (WHERE (handled_at IS NULL AND due_on < (now() AT TIME ZONE 'Asia/Shanghai')::date)
        OR (handled_at AT TIME ZONE 'Asia/Shanghai')::date > due_on)::int AS overdue,
      round(avg(extract(epoch FROM handled_at - created_at) / 86400)::numeric, 1)::float8 AS avg_days,
      round(max(extract(epoch FROM handled_at - created_at) / 86400)::numeric, 1)::float8 AS max_days
    FROM pi_request
    WHERE created_at >= ${from} AND created_at < ${to}
    GROUP BY kind ORDER BY kind`.execute(trx)
  return r.rows
}
