/**
 * Every database call of the leave app, named for what it reads or writes. Each takes the database or the
 * transaction (`Q`) and plain values, and decides nothing: the rules and access checks are in service.ts.
 * Dates are selected as text (YYYY-MM-DD) so neither driver turns them into a Date at local midnight.
 */
import type { AppTx } from '../kit/types.js'
import type { ChainStep, Half, LeaveStatus, LeaveType, NoteMime, Span } from './rules.js'

/** The database or a transaction: both answer `query`. */
type Q = AppTx

export interface RequestRow {
  id: number
  school_id: number
  kind: 'student' | 'teacher'
  person_sub: string
  person_name: string
  class_id: number | null
  requester_sub: string
  requester_name: string
  start_date: string
  start_half: Half
  end_date: string
  end_half: Half
  half_days: number
  type: LeaveType
  reason: string
  status: LeaveStatus
  chain: ChainStep[]
  step: number
  created_at: Date | string
  decided_at: Date | string | null
  has_note: boolean
}

const REQUEST_COLUMNS = `r.id, r.school_id, r.kind, r.person_sub, r.person_name, r.class_id, r.requester_sub,
  r.requester_name, r.start_date::text AS start_date, r.start_half, r.end_date::text AS end_date, r.end_half,
  r.half_days, r.type, r.reason, r.status, r.chain, r.step, r.created_at, r.decided_at,
  EXISTS (SELECT 1 FROM leave_note n WHERE n.request_id = r.id) AS has_note`

/** Newest first; a person's history is short, a cap keeps a page bounded all the same. */
const LIST_CAP = 300

/** Serialises the requests of one person (the overlap check and the insert) across processes. */
export async function lockPerson(tx: Q, personSub: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1)) IS NULL AS locked`, [`leave:${personSub}`])
}

/** A pending or approved request of the person sharing a half day with the span. */
export async function findOverlap(tx: Q, personSub: string, s: Span): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM leave_request
     WHERE person_sub = $1 AND status IN ('pending', 'approved')
       AND (start_date, start_half) <= ($4::date, $5::text) AND (end_date, end_half) >= ($2::date, $3::text)
     LIMIT 1`,
    [personSub, s.startDate, s.startHalf, s.endDate, s.endHalf],
  )
  return rows[0]?.id ?? null
}

export interface NewRequest extends Span {
  schoolId: number
  kind: 'student' | 'teacher'
  personSub: string
  personName: string
  classId: number | null
  requesterSub: string
  requesterName: string
  halfDays: number
  type: LeaveType
  reason: string
  chain: ChainStep[]
  /** The demo writes history: a status, a step and times of its own. */
  status?: LeaveStatus
  step?: number
  createdAt?: string
  decidedAt?: string | null
}

export async function insertRequest(tx: Q, r: NewRequest): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO leave_request (school_id, kind, person_sub, person_name, class_id, requester_sub, requester_name,
       start_date, start_half, end_date, end_half, half_days, type, reason, chain, status, step, created_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10::date, $11, $12, $13, $14, $15::jsonb,
       COALESCE($16, 'pending'), COALESCE($17, 0), COALESCE($18::timestamptz, now()), $19::timestamptz)
     RETURNING id`,
    [
      r.schoolId,
      r.kind,
      r.personSub,
      r.personName,
      r.classId,
      r.requesterSub,
      r.requesterName,
      r.startDate,
      r.startHalf,
      r.endDate,
      r.endHalf,
      r.halfDays,
      r.type,
      r.reason,
      JSON.stringify(r.chain),
      r.status ?? null,
      r.step ?? null,
      r.createdAt ?? null,
      r.decidedAt ?? null,
    ],
  )
  return rows[0].id
}

export async function getRequest(q: Q, id: number): Promise<RequestRow | null> {
  const rows = await q.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM leave_request r WHERE r.id = $1`, [id])
  return rows[0] ?? null
}

/** The request, locked until the transaction ends (two approvers pressing at once: the second sees it decided). */
export async function lockRequest(tx: Q, id: number): Promise<RequestRow | null> {
  const rows = await tx.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM leave_request r WHERE r.id = $1 FOR UPDATE`, [
    id,
  ])
  return rows[0] ?? null
}

export interface DecisionRow {
  step: number
  kind: string
  approver_sub: string
  approver_name: string
  approved: boolean
  comment: string
  decided_at: Date | string
}

export async function decisionsOf(q: Q, requestId: number): Promise<DecisionRow[]> {
  return q.query<DecisionRow>(
    `SELECT step, kind, approver_sub, approver_name, approved, comment, decided_at
     FROM leave_decision WHERE request_id = $1 ORDER BY step`,
    [requestId],
  )
}

export async function insertDecision(
  tx: Q,
  d: {
    requestId: number
    step: number
    kind: string
    approverSub: string
    approverName: string
    approved: boolean
    comment: string
    at?: string
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO leave_decision (request_id, step, kind, approver_sub, approver_name, approved, comment, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now()))`,
    [d.requestId, d.step, d.kind, d.approverSub, d.approverName, d.approved, d.comment, d.at ?? null],
  )
}

/** Moves a pending request on: to its next step, or to its final status. */
export async function updateRequestState(tx: Q, id: number, status: LeaveStatus, step: number): Promise<void> {
  await tx.query(
    `UPDATE leave_request SET status = $2, step = $3,
       decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
     WHERE id = $1 AND status = 'pending'`,
    [id, status, step],
  )
}

/** Requests someone asked, or that are about the given people (a guardian's children, a student, a teacher). */
export async function listMine(q: Q, requesterSub: string, personSubs: readonly string[]): Promise<RequestRow[]> {
  return q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM leave_request r
     WHERE r.requester_sub = $1 OR r.person_sub = ANY($2::text[])
     ORDER BY r.created_at DESC, r.id DESC LIMIT ${LIST_CAP}`,
    [requesterSub, [...personSubs]],
  )
}

/** Requests waiting for a decision: students' of the given classes (their head teacher's), teachers' at the sub's step. */
export async function listPending(q: Q, headOfClasses: readonly number[], approverSub: string): Promise<RequestRow[]> {
  return q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM leave_request r
     WHERE r.status = 'pending'
       AND ((r.kind = 'student' AND r.class_id = ANY($1::int[]))
         OR (r.kind = 'teacher' AND r.chain -> r.step ->> 'sub' = $2))
     ORDER BY r.start_date, r.id LIMIT ${LIST_CAP}`,
    [[...headOfClasses], approverSub],
  )
}

/** Students of the classes on approved leave some part of `date`. */
export async function listApprovedOn(q: Q, classIds: readonly number[], date: string): Promise<RequestRow[]> {
  return q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM leave_request r
     WHERE r.status = 'approved' AND r.kind = 'student' AND r.class_id = ANY($1::int[])
       AND r.start_date <= $2::date AND r.end_date >= $2::date
     ORDER BY r.class_id, r.person_name`,
    [[...classIds], date],
  )
}

/** A school's requests sharing a day with [from, to]: approved only (statistics) or every status (the export). */
export async function listSchoolRange(
  q: Q,
  schoolId: number,
  from: string,
  to: string,
  approvedOnly: boolean,
): Promise<RequestRow[]> {
  return q.query<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM leave_request r
     WHERE r.school_id = $1 AND r.start_date <= $3::date AND r.end_date >= $2::date
       AND ($4::boolean IS FALSE OR r.status = 'approved')
     ORDER BY r.start_date, r.id`,
    [schoolId, from, to, approvedOnly],
  )
}

/** Pending counts: students' per class (the head teacher is looked up in the directory), teachers' per approver. */
export async function pendingCounts(
  q: Q,
): Promise<{ byClass: { class_id: number; n: number }[]; byApprover: { sub: string; n: number }[] }> {
  const byClass = await q.query<{ class_id: number; n: number }>(
    `SELECT class_id, count(*)::int AS n FROM leave_request
     WHERE status = 'pending' AND kind = 'student' AND class_id IS NOT NULL GROUP BY class_id`,
  )
  const byApprover = await q.query<{ sub: string; n: number }>(
    `SELECT chain -> step ->> 'sub' AS sub, count(*)::int AS n FROM leave_request
     WHERE status = 'pending' AND kind = 'teacher' GROUP BY 1`,
  )
  return { byClass, byApprover }
}

export async function lastBadges(q: Q): Promise<{ sub: string; count: number }[]> {
  return q.query<{ sub: string; count: number }>(`SELECT sub, count FROM leave_badge`)
}

/** Remembers what was sent; zeros are forgotten (sent once, nothing to clear next time). */
export async function saveBadges(tx: Q, counts: readonly { sub: string; count: number }[]): Promise<void> {
  for (const c of counts) {
    if (c.count === 0) await tx.query(`DELETE FROM leave_badge WHERE sub = $1`, [c.sub])
    else
      await tx.query(
        `INSERT INTO leave_badge (sub, count) VALUES ($1, $2) ON CONFLICT (sub) DO UPDATE SET count = EXCLUDED.count`,
        [c.sub, c.count],
      )
  }
}

export async function insertUpload(q: Q, id: string, ownerSub: string, mime: NoteMime, data: Buffer): Promise<void> {
  await q.query(`INSERT INTO leave_upload (id, owner_sub, mime, data) VALUES ($1, $2, $3, $4)`, [
    id,
    ownerSub,
    mime,
    data,
  ])
}

/** How many uploads the person has waiting (a cap stops one account from filling the database). */
export async function countUploads(q: Q, ownerSub: string): Promise<number> {
  const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM leave_upload WHERE owner_sub = $1`, [
    ownerSub,
  ])
  return rows[0].n
}

/** Uploads nobody sent a request with within a day. */
export async function purgeUploads(q: Q): Promise<void> {
  await q.query(`DELETE FROM leave_upload WHERE created_at < now() - interval '1 day'`)
}

/** Takes the owner's upload out of the waiting room (null if it is not theirs or is gone). */
export async function takeUpload(
  tx: Q,
  id: string,
  ownerSub: string,
): Promise<{ mime: NoteMime; data: Uint8Array } | null> {
  const rows = await tx.query<{ mime: NoteMime; data: Uint8Array }>(
    `DELETE FROM leave_upload WHERE id = $1 AND owner_sub = $2 RETURNING mime, data`,
    [id, ownerSub],
  )
  return rows[0] ?? null
}

export async function insertNote(tx: Q, requestId: number, mime: NoteMime, data: Uint8Array): Promise<void> {
  await tx.query(`INSERT INTO leave_note (request_id, mime, data) VALUES ($1, $2, $3)`, [requestId, mime, data])
}

export async function getNote(q: Q, requestId: number): Promise<{ mime: NoteMime; data: Uint8Array } | null> {
  const rows = await q.query<{ mime: NoteMime; data: Uint8Array }>(
    `SELECT mime, data FROM leave_note WHERE request_id = $1`,
    [requestId],
  )
  return rows[0] ?? null
}

export interface SettingRow {
  leader_sub: string | null
  threshold_half_days: number
}

export async function getSetting(q: Q, schoolId: number): Promise<SettingRow | null> {
  const rows = await q.query<SettingRow>(
    `SELECT leader_sub, threshold_half_days FROM leave_setting WHERE school_id = $1`,
    [schoolId],
  )
  return rows[0] ?? null
}

export async function departmentHeads(q: Q, schoolId: number): Promise<{ department_id: number; head_sub: string }[]> {
  return q.query<{ department_id: number; head_sub: string }>(
    `SELECT department_id, head_sub FROM leave_department_head WHERE school_id = $1 ORDER BY department_id`,
    [schoolId],
  )
}

export async function departmentHead(q: Q, schoolId: number, departmentId: number): Promise<string | null> {
  const rows = await q.query<{ head_sub: string }>(
    `SELECT head_sub FROM leave_department_head WHERE school_id = $1 AND department_id = $2`,
    [schoolId, departmentId],
  )
  return rows[0]?.head_sub ?? null
}

export async function saveSetting(
  tx: Q,
  schoolId: number,
  leaderSub: string | null,
  thresholdHalfDays: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO leave_setting (school_id, leader_sub, threshold_half_days) VALUES ($1, $2, $3)
     ON CONFLICT (school_id) DO UPDATE SET leader_sub = EXCLUDED.leader_sub,
       threshold_half_days = EXCLUDED.threshold_half_days`,
    [schoolId, leaderSub, thresholdHalfDays],
  )
}

export async function replaceDepartmentHeads(
  tx: Q,
  schoolId: number,
  heads: readonly { departmentId: number; headSub: string }[],
): Promise<void> {
  await tx.query(`DELETE FROM leave_department_head WHERE school_id = $1`, [schoolId])
  for (const h of heads)
    await tx.query(`INSERT INTO leave_department_head (school_id, department_id, head_sub) VALUES ($1, $2, $3)`, [
      schoolId,
      h.departmentId,
      h.headSub,
    ])
}

export async function countRequests(q: Q): Promise<number> {
  const rows = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM leave_request`)
  return rows[0].n
}
