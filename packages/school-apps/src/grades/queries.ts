/**
 * Every database call of the grades app, named for what it reads or writes. Each takes the database or a
 * transaction and plain values and decides nothing (service.ts holds the rules and the transactions).
 */
import type { AppTx } from '../kit/types.js'

/** The database or one transaction: both answer `query`. */
type Q = AppTx

export interface ExamRow {
  id: number
  school_id: number
  name: string
  /** YYYY-MM-DD */
  exam_date: string
  created_by: string
  created_by_name: string
  status: 'draft' | 'published'
  /** ISO 8601, or null while a draft. */
  published_at: string | null
}
export interface ExamClassRow {
  exam_id: number
  class_id: number
  class_name: string
}
export interface SubjectRow {
  id: number
  exam_id: number
  position: number
  name: string
  full_tenths: number
  pass_tenths: number
  excellent_tenths: number
}
export interface ScoreRow {
  exam_id: number
  subject_id: number
  student_sub: string
  class_id: number
  student_name: string
  student_no: string | null
  score_tenths: number | null
  absent: boolean
}

const EXAM_COLUMNS = `e.id, e.school_id, e.name, to_char(e.exam_date, 'YYYY-MM-DD') AS exam_date, e.created_by,
  e.created_by_name, e.status,
  to_char(e.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at`

export async function insertExam(
  q: Q,
  v: { schoolId: number; name: string; date: string; createdBy: string; createdByName: string },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO grades_exam (school_id, name, exam_date, created_by, created_by_name)
     VALUES ($1, $2, $3::date, $4, $5) RETURNING id`,
    [v.schoolId, v.name, v.date, v.createdBy, v.createdByName],
  )
  return row!.id
}

export async function insertExamClasses(q: Q, examId: number, classes: readonly { id: number; name: string }[]) {
  for (const c of classes)
    await q.query(`INSERT INTO grades_exam_class (exam_id, class_id, class_name) VALUES ($1, $2, $3)`, [
      examId,
      c.id,
      c.name,
    ])
}

export async function deleteExamClasses(q: Q, examId: number, keep: readonly number[]) {
  await q.query(`DELETE FROM grades_exam_class WHERE exam_id = $1 AND NOT (class_id = ANY($2::int[]))`, [examId, keep])
}

/** Scores of students of classes no longer in the exam (an edited draft). */
export async function deleteScoresOutsideClasses(q: Q, examId: number, keep: readonly number[]) {
  await q.query(`DELETE FROM grades_score WHERE exam_id = $1 AND NOT (class_id = ANY($2::int[]))`, [examId, keep])
}

export async function updateExamHead(q: Q, examId: number, name: string, date: string) {
  await q.query(`UPDATE grades_exam SET name = $2, exam_date = $3::date, updated_at = now() WHERE id = $1`, [
    examId,
    name,
    date,
  ])
}

export async function insertSubject(
  q: Q,
  examId: number,
  s: { position: number; name: string; fullTenths: number; passTenths: number; excellentTenths: number },
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO grades_subject (exam_id, position, name, full_tenths, pass_tenths, excellent_tenths)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [examId, s.position, s.name, s.fullTenths, s.passTenths, s.excellentTenths],
  )
  return row!.id
}

export async function updateSubject(
  q: Q,
  id: number,
  s: { position: number; name: string; fullTenths: number; passTenths: number; excellentTenths: number },
) {
  await q.query(
    `UPDATE grades_subject SET position = $2, name = $3, full_tenths = $4, pass_tenths = $5, excellent_tenths = $6
     WHERE id = $1`,
    [id, s.position, s.name, s.fullTenths, s.passTenths, s.excellentTenths],
  )
}

export async function deleteSubjects(q: Q, ids: readonly number[]) {
  if (ids.length) await q.query(`DELETE FROM grades_subject WHERE id = ANY($1::int[])`, [ids])
}

/** Moves an exam's subject names out of the way so a re-ordered or renamed list cannot trip UNIQUE (exam, name). */
export async function parkSubjectNames(q: Q, examId: number) {
  await q.query(`UPDATE grades_subject SET name = '#' || id WHERE exam_id = $1`, [examId])
}

/** The highest score entered for a subject (tenths), to refuse lowering full marks below it. */
export async function maxScoreOfSubject(q: Q, subjectId: number): Promise<number | null> {
  const [row] = await q.query<{ m: number | null }>(
    `SELECT max(score_tenths)::int AS m FROM grades_score WHERE subject_id = $1`,
    [subjectId],
  )
  return row?.m ?? null
}

export async function deleteExam(q: Q, examId: number) {
  await q.query(`DELETE FROM grades_exam WHERE id = $1`, [examId])
}

export async function examById(q: Q, id: number): Promise<ExamRow | null> {
  const [row] = await q.query<ExamRow>(`SELECT ${EXAM_COLUMNS} FROM grades_exam e WHERE e.id = $1`, [id])
  return row ?? null
}

/** Locks the exam's row for the rest of the transaction (score saves and publishing do not interleave). */
export async function lockExam(q: Q, id: number): Promise<ExamRow | null> {
  const [row] = await q.query<ExamRow>(`SELECT ${EXAM_COLUMNS} FROM grades_exam e WHERE e.id = $1 FOR UPDATE`, [id])
  return row ?? null
}

export async function classesOfExams(q: Q, examIds: readonly number[]): Promise<ExamClassRow[]> {
  if (!examIds.length) return []
  return q.query<ExamClassRow>(
    `SELECT exam_id, class_id, class_name FROM grades_exam_class WHERE exam_id = ANY($1::int[]) ORDER BY class_name, class_id`,
    [examIds],
  )
}

export async function subjectsOfExams(q: Q, examIds: readonly number[]): Promise<SubjectRow[]> {
  if (!examIds.length) return []
  return q.query<SubjectRow>(
    `SELECT id, exam_id, position, name, full_tenths, pass_tenths, excellent_tenths FROM grades_subject
     WHERE exam_id = ANY($1::int[]) ORDER BY exam_id, position, id`,
    [examIds],
  )
}

/** Exams a teacher created or that include a class they teach, newest first. */
export async function examsOfTeacher(q: Q, sub: string, classIds: readonly number[]): Promise<ExamRow[]> {
  return q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} FROM grades_exam e
     WHERE e.created_by = $1
        OR EXISTS (SELECT 1 FROM grades_exam_class c WHERE c.exam_id = e.id AND c.class_id = ANY($2::int[]))
     ORDER BY e.exam_date DESC, e.id DESC LIMIT 500`,
    [sub, classIds],
  )
}

/** A school's published exams, newest first (the admin's list). */
export async function publishedExamsOfSchool(q: Q, schoolId: number): Promise<ExamRow[]> {
  return q.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} FROM grades_exam e WHERE e.school_id = $1 AND e.status = 'published'
     ORDER BY e.exam_date DESC, e.id DESC LIMIT 500`,
    [schoolId],
  )
}

export async function scoresOfExam(q: Q, examId: number, classIds?: readonly number[]): Promise<ScoreRow[]> {
  return classIds
    ? q.query<ScoreRow>(`SELECT * FROM grades_score WHERE exam_id = $1 AND class_id = ANY($2::int[])`, [
        examId,
        classIds,
      ])
    : q.query<ScoreRow>(`SELECT * FROM grades_score WHERE exam_id = $1`, [examId])
}

export interface ScoreWrite {
  subjectId: number
  studentSub: string
  classId: number
  studentName: string
  studentNo: string | null
  /** tenths, or null for 缺考 */
  tenths: number | null
}

/** Rows a statement carries at most (each array a parameter; a 2,000-row sheet of 10 subjects is 20,000). */
const BATCH = 5000

/** Writes scores (insert or replace), a batch a statement. */
export async function saveScores(q: Q, examId: number, rows: readonly ScoreWrite[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH)
    await q.query(
      `INSERT INTO grades_score (exam_id, subject_id, student_sub, class_id, student_name, student_no, score_tenths, absent)
       SELECT $1, u.subject_id, u.student_sub, u.class_id, u.student_name, u.student_no, u.score_tenths, u.score_tenths IS NULL
       FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::int[])
         AS u(subject_id, student_sub, class_id, student_name, student_no, score_tenths)
       ON CONFLICT (subject_id, student_sub) DO UPDATE SET class_id = excluded.class_id,
         student_name = excluded.student_name, student_no = excluded.student_no,
         score_tenths = excluded.score_tenths, absent = excluded.absent, updated_at = now()`,
      [
        examId,
        b.map((r) => r.subjectId),
        b.map((r) => r.studentSub),
        b.map((r) => r.classId),
        b.map((r) => r.studentName),
        b.map((r) => r.studentNo),
        b.map((r) => r.tenths),
      ],
    )
  }
}

/** Clears scores (the cell emptied), a batch a statement. */
export async function deleteScores(q: Q, rows: readonly { subjectId: number; studentSub: string }[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH)
    await q.query(
      `DELETE FROM grades_score s USING unnest($1::int[], $2::text[]) AS u(subject_id, student_sub)
       WHERE s.subject_id = u.subject_id AND s.student_sub = u.student_sub`,
      [b.map((r) => r.subjectId), b.map((r) => r.studentSub)],
    )
  }
}

export async function markPublished(q: Q, examId: number) {
  await q.query(`UPDATE grades_exam SET status = 'published', published_at = now(), updated_at = now() WHERE id = $1`, [
    examId,
  ])
}

/** Students with at least one entry (a score or 缺考) in the exam. */
export async function studentsOfExam(q: Q, examId: number): Promise<string[]> {
  const rows = await q.query<{ student_sub: string }>(
    `SELECT DISTINCT student_sub FROM grades_score WHERE exam_id = $1`,
    [examId],
  )
  return rows.map((r) => r.student_sub)
}

export interface StudentExamRow extends ExamRow {
  class_name: string
}
/** Published exams holding a student's entries, newest first. */
export async function publishedExamsOfStudent(q: Q, studentSub: string): Promise<StudentExamRow[]> {
  return q.query<StudentExamRow>(
    `SELECT ${EXAM_COLUMNS}, c.class_name FROM grades_exam e
     JOIN (SELECT DISTINCT exam_id, class_id FROM grades_score WHERE student_sub = $1) s ON s.exam_id = e.id
     JOIN grades_exam_class c ON c.exam_id = e.id AND c.class_id = s.class_id
     WHERE e.status = 'published'
     ORDER BY e.exam_date DESC, e.id DESC`,
    [studentSub],
  )
}

export async function scoresOfStudent(q: Q, examId: number, studentSub: string): Promise<ScoreRow[]> {
  return q.query<ScoreRow>(`SELECT * FROM grades_score WHERE exam_id = $1 AND student_sub = $2`, [examId, studentSub])
}

export async function markSeen(q: Q, examId: number, viewerSub: string, studentSub: string) {
  await q.query(
    `INSERT INTO grades_seen (exam_id, viewer_sub, student_sub) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [examId, viewerSub, studentSub],
  )
}

export async function seenBy(
  q: Q,
  viewerSubs: readonly string[],
): Promise<{ exam_id: number; viewer_sub: string; student_sub: string }[]> {
  if (!viewerSubs.length) return []
  return q.query(`SELECT exam_id, viewer_sub, student_sub FROM grades_seen WHERE viewer_sub = ANY($1::text[])`, [
    viewerSubs,
  ])
}

/** (exam, student) pairs of published exams with the students' entries; all students when `studentSubs` is null. */
export async function publishedPairs(
  q: Q,
  studentSubs: readonly string[] | null,
): Promise<{ exam_id: number; student_sub: string }[]> {
  return q.query(
    `SELECT DISTINCT s.exam_id, s.student_sub FROM grades_score s
     JOIN grades_exam e ON e.id = s.exam_id AND e.status = 'published'
     ${studentSubs ? 'WHERE s.student_sub = ANY($1::text[])' : ''}`,
    studentSubs ? [studentSubs] : [],
  )
}

export async function lastBadges(q: Q, subs: readonly string[] | null): Promise<Map<string, number>> {
  const rows = await q.query<{ sub: string; count: number }>(
    subs ? `SELECT sub, count FROM grades_badge WHERE sub = ANY($1::text[])` : `SELECT sub, count FROM grades_badge`,
    subs ? [subs] : [],
  )
  return new Map(rows.map((r) => [r.sub, r.count]))
}

export async function saveBadge(q: Q, sub: string, count: number) {
  await q.query(
    `INSERT INTO grades_badge (sub, count) VALUES ($1, $2) ON CONFLICT (sub) DO UPDATE SET count = excluded.count`,
    [sub, count],
  )
}

/** True when the app has no exam yet (the demo is seeded only then). */
export async function noExams(q: Q): Promise<boolean> {
  const [row] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM grades_exam`)
  return (row?.n ?? 0) === 0
}
