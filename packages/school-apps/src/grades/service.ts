/**
 * The grades app's rules of access and its transactions. Who is who comes from the viewer (OpenID claims) and the
 * directory mirror (classes taught, head teachers, children); nothing here trusts a class, student or child named
 * by the caller without checking it against them.
 *
 * - Teachers of an exam: its creator, and teachers of one of its classes. They see drafts, the score grid with ranks
 *   (the classes they teach; the creator every class) and enter scores for those classes. Only the creator edits,
 *   deletes and publishes. A published exam's scores are final.
 * - The school admin (Viewer.isAdmin, the exam's school) sees published exams and every class's statistics.
 * - A head teacher sees the statistics of their class.
 * - A student sees their own entries of published exams, a guardian their children's; never a rank.
 */
import type { AppContext, DirPerson, Viewer } from '../kit/types.js'
import { AppError } from '../kit/types.js'
import type {
  ExamDetail,
  ExamSummary,
  Grid,
  GridRow,
  ImportAnswer,
  ImportProblemView,
  Me,
  ResultDetail,
  ResultItem,
  SaveScoresAnswer,
  StatsAnswer,
  StatsGroup,
  SubjectView,
  TeachClass,
} from './api-types.js'
import { buildTemplate, readScoreSheet, type SheetStudent } from './excel.js'
import * as q from './queries.js'
import type { ExamClassRow, ExamRow, ScoreRow, SubjectRow } from './queries.js'
import {
  ABSENT,
  BANDS,
  bandLabel,
  checkLines,
  defaultLines,
  formatTenths,
  fromTenths,
  parseScore,
  ranksOf,
  subjectStats,
  toTenths,
  totalOf,
} from './rules.js'

const Msg = {
  NOT_FOUND: '考试不存在',
  NOT_PUBLISHED: '考试不存在或成绩尚未发布',
  NO_RESULT: '该考试没有这名学生的成绩',
  STAFF_ONLY: '仅教师可以使用此功能',
  NOT_TAUGHT: '只能为您任教的班级创建考试',
  ONE_SCHOOL: '所选班级须属于同一所学校',
  CLASS_GONE: '班级不存在或已归档',
  NOT_EXAM_TEACHER: '您不是该考试班级的任课教师',
  NOT_CREATOR: '只有创建考试的教师可以修改或发布',
  PUBLISHED: '成绩已发布，不能再修改',
  NOT_YOUR_CLASS: '只能录入您任教班级学生的成绩',
  NOT_EXAM_STUDENT: '学生不在本次考试的班级中',
  SUBJECT_GONE: '科目不属于本次考试',
  NOT_YOUR_STATS: '只能查看您所带班级的统计',
  NOT_YOUR_CHILD: '只能查看您自己孩子的成绩',
  CHOOSE_CHILD: '请选择孩子',
  STUDENTS_ONLY: '仅学生和家长可以查看成绩单',
  DUP_SUBJECT: '科目名称不能重复',
  NOTHING_TO_PUBLISH: '还没有录入任何成绩，不能发布',
  FULL_BELOW_SCORE: (name: string, max: string) => `${name}已录入的最高分为 ${max}，满分不能低于它`,
} as const

const notFound = (msg: string = Msg.NOT_FOUND) => new AppError(404, msg)
const refused = (msg: string) => new AppError(403, msg)
const bad = (msg: string) => new AppError(400, msg)

// ---------------------------------------------------------------------------------------------------------------
// Who the viewer is to an exam

interface ExamFull {
  exam: ExamRow
  classes: ExamClassRow[]
  subjects: SubjectRow[]
}

async function loadExam(ctx: AppContext, id: number): Promise<ExamFull> {
  const exam = await q.examById(ctx.db, id)
  if (!exam) throw notFound()
  const [classes, subjects] = await Promise.all([q.classesOfExams(ctx.db, [id]), q.subjectsOfExams(ctx.db, [id])])
  return { exam, classes, subjects }
}

interface Standing {
  creator: boolean
  /** Exam classes the viewer teaches, and of those the ones they head. */
  taught: Set<number>
  headed: Set<number>
  /** Admin of the exam's school. */
  admin: boolean
}

async function standingOf(ctx: AppContext, v: Viewer, e: ExamFull): Promise<Standing> {
  if (v.userType !== 'staff') return { creator: false, taught: new Set(), headed: new Set(), admin: false }
  const mine = await ctx.directory.classesTaughtBy(v.sub)
  const inExam = new Set(e.classes.map((c) => c.class_id))
  return {
    creator: e.exam.created_by === v.sub,
    taught: new Set(mine.filter((c) => inExam.has(c.classId)).map((c) => c.classId)),
    headed: new Set(mine.filter((c) => c.isHead && inExam.has(c.classId)).map((c) => c.classId)),
    admin: v.isAdmin && (v.orgId === e.exam.school_id || v.schoolIds.includes(e.exam.school_id)),
  }
}

const isExamTeacher = (s: Standing) => s.creator || s.taught.size > 0

/** The exam as a teacher or admin may see it: drafts only to its teachers (404 to anyone else). */
async function examForStaff(ctx: AppContext, v: Viewer, id: number): Promise<{ e: ExamFull; s: Standing }> {
  if (v.userType !== 'staff') throw refused(Msg.STAFF_ONLY)
  const e = await loadExam(ctx, id)
  const s = await standingOf(ctx, v, e)
  if (isExamTeacher(s)) return { e, s }
  if (e.exam.status === 'draft') throw notFound()
  if (s.admin) return { e, s }
  throw refused(Msg.NOT_EXAM_TEACHER)
}

const gridClasses = (e: ExamFull, s: Standing) =>
  s.creator ? e.classes.map((c) => c.class_id) : e.classes.map((c) => c.class_id).filter((id) => s.taught.has(id))
const editClasses = (e: ExamFull, s: Standing) => (e.exam.status === 'published' ? [] : gridClasses(e, s))
const allStats = (s: Standing) => s.creator || s.admin
const statClasses = (e: ExamFull, s: Standing) =>
  allStats(s) ? e.classes.map((c) => c.class_id) : e.classes.map((c) => c.class_id).filter((id) => s.taught.has(id))

// ---------------------------------------------------------------------------------------------------------------
// Shapes of answers

const subjectView = (s: SubjectRow): SubjectView => ({
  id: s.id,
  name: s.name,
  fullMarks: fromTenths(s.full_tenths),
  passLine: fromTenths(s.pass_tenths),
  excellentLine: fromTenths(s.excellent_tenths),
})

function summaries(v: Viewer, exams: ExamRow[], classes: ExamClassRow[], subjects: SubjectRow[]): ExamSummary[] {
  return exams.map((x) => ({
    id: x.id,
    name: x.name,
    date: x.exam_date,
    status: x.status,
    publishedAt: x.published_at,
    classes: classes.filter((c) => c.exam_id === x.id).map((c) => ({ id: c.class_id, name: c.class_name })),
    subjects: subjects.filter((s) => s.exam_id === x.id).map(subjectView),
    createdByName: x.created_by_name,
    mine: x.created_by === v.sub,
  }))
}

const entryText = (r: ScoreRow | undefined) =>
  !r ? '' : r.absent || r.score_tenths === null ? ABSENT : formatTenths(r.score_tenths)

// ---------------------------------------------------------------------------------------------------------------
// The viewer

async function childrenOf(ctx: AppContext, v: Viewer): Promise<{ sub: string; name: string }[]> {
  const links = await ctx.directory.childrenOf(v.sub)
  const people = await ctx.directory.people(links.map((l) => l.sub))
  return links.map((l) => ({
    sub: l.sub,
    name: people.get(l.sub)?.name ?? v.children.find((c) => c.sub === l.sub)?.name ?? '',
  }))
}

async function classesTaught(ctx: AppContext, v: Viewer): Promise<TeachClass[]> {
  const taught = await ctx.directory.classesTaughtBy(v.sub)
  const out: TeachClass[] = []
  for (const t of taught) {
    const c = await ctx.directory.classOf(t.classId)
    if (c) out.push({ id: c.id, name: c.label, gradeName: c.gradeName, isHead: t.isHead })
  }
  return out.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'))
}

export async function me(ctx: AppContext, v: Viewer): Promise<Me> {
  const kind = v.userType === 'staff' ? 'teacher' : v.userType
  return {
    kind,
    name: v.name,
    isAdmin: v.userType === 'staff' && v.isAdmin,
    classes: v.userType === 'staff' ? await classesTaught(ctx, v) : [],
    children: v.userType === 'guardian' ? await childrenOf(ctx, v) : [],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Exams: list, create, edit, delete

export async function listExams(ctx: AppContext, v: Viewer): Promise<ExamSummary[]> {
  if (v.userType !== 'staff') throw refused(Msg.STAFF_ONLY)
  const taught = (await ctx.directory.classesTaughtBy(v.sub)).map((c) => c.classId)
  const mine = await q.examsOfTeacher(ctx.db, v.sub, taught)
  const school = v.isAdmin ? await q.publishedExamsOfSchool(ctx.db, v.orgId) : []
  const ids = new Set(mine.map((x) => x.id))
  const exams = [...mine, ...school.filter((x) => !ids.has(x.id))].sort(
    (a, b) => b.exam_date.localeCompare(a.exam_date) || b.id - a.id,
  )
  const examIds = exams.map((x) => x.id)
  const [classes, subjects] = await Promise.all([q.classesOfExams(ctx.db, examIds), q.subjectsOfExams(ctx.db, examIds)])
  return summaries(v, exams, classes, subjects)
}

interface SubjectInput {
  id?: number
  name: string
  fullMarks: number
  passLine?: number
  excellentLine?: number
}
export interface ExamInput {
  name: string
  date: string
  classIds: number[]
  subjects: SubjectInput[]
}

/** Subjects in tenths with their lines (the defaults when not given), checked. */
function subjectsOf(input: SubjectInput[]) {
  const names = new Set<string>()
  return input.map((s, i) => {
    if (names.has(s.name)) throw bad(Msg.DUP_SUBJECT)
    names.add(s.name)
    const fullTenths = toTenths(s.fullMarks)
    const d = defaultLines(s.fullMarks)
    const passTenths = s.passLine === undefined ? d.passTenths : s.passLine * 10
    const excellentTenths = s.excellentLine === undefined ? d.excellentTenths : s.excellentLine * 10
    const problem = checkLines(fullTenths, Math.round(passTenths * 1e6) / 1e6, Math.round(excellentTenths * 1e6) / 1e6)
    if (problem) throw bad(`${s.name}：${problem}`)
    return {
      id: s.id,
      position: i,
      name: s.name,
      fullTenths,
      passTenths: Math.round(passTenths),
      excellentTenths: Math.round(excellentTenths),
    }
  })
}

/** The classes named, each taught by the viewer (403 otherwise), all of one school. */
async function taughtClasses(
  ctx: AppContext,
  v: Viewer,
  classIds: number[],
  alreadyIn: ReadonlySet<number> = new Set(),
) {
  const taught = new Set((await ctx.directory.classesTaughtBy(v.sub)).map((c) => c.classId))
  const out: { id: number; name: string; schoolId: number }[] = []
  for (const id of new Set(classIds)) {
    // A class already in the exam stays even if the teacher no longer teaches it; a new one must be theirs.
    if (!taught.has(id) && !alreadyIn.has(id)) throw refused(Msg.NOT_TAUGHT)
    const c = await ctx.directory.classOf(id)
    if (!c) throw notFound(Msg.CLASS_GONE)
    out.push({ id: c.id, name: c.label, schoolId: c.schoolId })
  }
  if (new Set(out.map((c) => c.schoolId)).size > 1) throw bad(Msg.ONE_SCHOOL)
  return out
}

export async function createExam(ctx: AppContext, v: Viewer, input: ExamInput): Promise<{ id: number }> {
  if (v.userType !== 'staff') throw refused(Msg.STAFF_ONLY)
  const classes = await taughtClasses(ctx, v, input.classIds)
  const subjects = subjectsOf(input.subjects)
  const id = await ctx.db.tx(async (tx) => {
    const examId = await q.insertExam(tx, {
      schoolId: classes[0]!.schoolId,
      name: input.name,
      date: input.date,
      createdBy: v.sub,
      createdByName: v.name,
    })
    await q.insertExamClasses(tx, examId, classes)
    for (const s of subjects) await q.insertSubject(tx, examId, s)
    return examId
  })
  return { id }
}

/** Edits a draft (creator only): name, date, classes, subjects (kept by id, added, removed with their scores). */
export async function updateExam(ctx: AppContext, v: Viewer, id: number, input: ExamInput): Promise<void> {
  const { e, s } = await examForStaff(ctx, v, id)
  if (!s.creator) throw refused(Msg.NOT_CREATOR)
  if (e.exam.status === 'published') throw bad(Msg.PUBLISHED)
  const classes = await taughtClasses(ctx, v, input.classIds, new Set(e.classes.map((c) => c.class_id)))
  if (classes.some((c) => c.schoolId !== e.exam.school_id)) throw bad(Msg.ONE_SCHOOL)
  const subjects = subjectsOf(input.subjects)
  const existing = new Set(e.subjects.map((x) => x.id))
  if (subjects.some((x) => x.id !== undefined && !existing.has(x.id))) throw bad(Msg.SUBJECT_GONE)
  await ctx.db.tx(async (tx) => {
    const locked = await q.lockExam(tx, id)
    if (!locked) throw notFound()
    if (locked.status === 'published') throw bad(Msg.PUBLISHED)
    await q.updateExamHead(tx, id, input.name, input.date)
    const keepClasses = classes.map((c) => c.id)
    await q.deleteScoresOutsideClasses(tx, id, keepClasses)
    await q.deleteExamClasses(tx, id, keepClasses)
    const had = new Set(e.classes.map((c) => c.class_id))
    await q.insertExamClasses(
      tx,
      id,
      classes.filter((c) => !had.has(c.id)),
    )
    const keep = new Set(subjects.flatMap((x) => (x.id === undefined ? [] : [x.id])))
    await q.deleteSubjects(
      tx,
      e.subjects.filter((x) => !keep.has(x.id)).map((x) => x.id),
    )
    await q.parkSubjectNames(tx, id)
    for (const x of subjects) {
      if (x.id === undefined) {
        await q.insertSubject(tx, id, x)
        continue
      }
      const max = await q.maxScoreOfSubject(tx, x.id)
      if (max !== null && max > x.fullTenths) throw bad(Msg.FULL_BELOW_SCORE(x.name, formatTenths(max)))
      await q.updateSubject(tx, x.id, x)
    }
  })
}

export async function deleteExam(ctx: AppContext, v: Viewer, id: number): Promise<void> {
  const { e, s } = await examForStaff(ctx, v, id)
  if (!s.creator) throw refused(Msg.NOT_CREATOR)
  if (e.exam.status === 'published') throw bad('已发布的考试不能删除')
  await ctx.db.tx(async (tx) => {
    const locked = await q.lockExam(tx, id)
    if (locked?.status === 'published') throw bad('已发布的考试不能删除')
    await q.deleteExam(tx, id)
  })
}

export async function examDetail(ctx: AppContext, v: Viewer, id: number): Promise<ExamDetail> {
  const { e, s } = await examForStaff(ctx, v, id)
  const [summary] = summaries(v, [e.exam], e.classes, e.subjects)
  return {
    ...summary!,
    gridClassIds: gridClasses(e, s),
    editClassIds: editClasses(e, s),
    statClassIds: statClasses(e, s),
    allClasses: allStats(s),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The score grid

/** Students of the exam's classes now (from the mirror), by class. */
async function rosterOf(ctx: AppContext, classIds: readonly number[]): Promise<Map<number, DirPerson[]>> {
  const out = new Map<number, DirPerson[]>()
  for (const id of classIds) out.set(id, await ctx.directory.studentsOf(id))
  return out
}

const byNumber = (a: { no: string | null; name: string }, b: { no: string | null; name: string }) =>
  (a.no ?? '').localeCompare(b.no ?? '') || a.name.localeCompare(b.name, 'zh-CN')

export async function grid(ctx: AppContext, v: Viewer, id: number, classId: number): Promise<Grid> {
  const { e, s } = await examForStaff(ctx, v, id)
  const cls = e.classes.find((c) => c.class_id === classId)
  if (!cls) throw notFound('班级不在本次考试中')
  if (!gridClasses(e, s).includes(classId)) throw refused(Msg.NOT_EXAM_TEACHER)
  const scores = await q.scoresOfExam(ctx.db, id)
  const students = await ctx.directory.studentsOf(classId)
  const bySub = new Map<string, Map<number, ScoreRow>>()
  for (const r of scores) {
    let m = bySub.get(r.student_sub)
    if (!m) bySub.set(r.student_sub, (m = new Map()))
    m.set(r.subject_id, r)
  }
  const totals = new Map<string, number | null>()
  for (const [sub, m] of bySub) totals.set(sub, totalOf([...m.values()].map((r) => r.score_tenths)))
  const examRanks = ranksOf(totals)
  const inClass = new Map<string, { no: string | null; name: string; left: boolean }>()
  for (const p of students) inClass.set(p.sub, { no: p.number, name: p.name, left: false })
  for (const r of scores)
    if (r.class_id === classId && !inClass.has(r.student_sub))
      inClass.set(r.student_sub, { no: r.student_no, name: r.student_name, left: true })
  const classRanks = ranksOf(new Map([...inClass.keys()].map((sub) => [sub, totals.get(sub) ?? null])))
  const rows: GridRow[] = [...inClass].map(([sub, p]) => ({
    sub,
    no: p.no,
    name: p.name,
    scores: Object.fromEntries(e.subjects.map((x) => [String(x.id), entryText(bySub.get(sub)?.get(x.id))])),
    total: totals.get(sub) == null ? null : fromTenths(totals.get(sub)!),
    classRank: classRanks.get(sub) ?? null,
    examRank: examRanks.get(sub) ?? null,
    left: p.left,
  }))
  return {
    classId,
    className: cls.class_name,
    editable: editClasses(e, s).includes(classId),
    subjects: e.subjects.map(subjectView),
    rows: rows.sort(byNumber),
  }
}

export interface ScoreInput {
  studentSub: string
  subjectId: number
  /** '95.5', '缺考', or '' to clear. */
  value: string
}

interface Writable {
  e: ExamFull
  /** Students the viewer may enter scores for: sub → person. */
  students: Map<string, DirPerson>
}

async function writable(ctx: AppContext, v: Viewer, id: number): Promise<Writable> {
  const { e, s } = await examForStaff(ctx, v, id)
  if (e.exam.status === 'published') throw bad(Msg.PUBLISHED)
  const classes = editClasses(e, s)
  if (!classes.length) throw refused(Msg.NOT_EXAM_TEACHER)
  const roster = await rosterOf(ctx, classes)
  return { e, students: new Map([...roster.values()].flat().map((p) => [p.sub, p])) }
}

/** Writes entries in one transaction, re-checking under the exam's lock that it is still a draft. */
async function writeEntries(
  ctx: AppContext,
  w: Writable,
  entries: { person: DirPerson; subjectId: number; tenths: number | null | 'clear' }[],
): Promise<number> {
  const id = w.e.exam.id
  return ctx.db.tx(async (tx) => {
    const locked = await q.lockExam(tx, id)
    if (!locked) throw notFound()
    if (locked.status === 'published') throw bad(Msg.PUBLISHED)
    const subjects = new Set((await q.subjectsOfExams(tx, [id])).map((x) => x.id))
    if (entries.some((x) => !subjects.has(x.subjectId))) throw bad(Msg.SUBJECT_GONE)
    const last = new Map<string, (typeof entries)[number]>()
    // One entry per student and subject: the last one given wins (a grid sends each cell once, a sheet each row once).
    for (const x of entries) last.set(`${x.subjectId}|${x.person.sub}`, x)
    const all = [...last.values()]
    await q.deleteScores(
      tx,
      all.filter((x) => x.tenths === 'clear').map((x) => ({ subjectId: x.subjectId, studentSub: x.person.sub })),
    )
    await q.saveScores(
      tx,
      id,
      all.flatMap((x) =>
        x.tenths === 'clear'
          ? []
          : [
              {
                subjectId: x.subjectId,
                studentSub: x.person.sub,
                classId: x.person.classId!,
                studentName: x.person.name,
                studentNo: x.person.number,
                tenths: x.tenths,
              },
            ],
      ),
    )
    return entries.length
  })
}

export async function saveScores(
  ctx: AppContext,
  v: Viewer,
  id: number,
  input: ScoreInput[],
): Promise<SaveScoresAnswer> {
  const w = await writable(ctx, v, id)
  const subjects = new Map(w.e.subjects.map((x) => [x.id, x]))
  const entries = input.map((x) => {
    const person = w.students.get(x.studentSub)
    if (!person) throw refused(Msg.NOT_YOUR_CLASS)
    const subject = subjects.get(x.subjectId)
    if (!subject) throw bad(Msg.SUBJECT_GONE)
    const p = parseScore(x.value, subject.full_tenths)
    if (p.kind === 'error') throw bad(`${person.name} ${subject.name}：${p.reason}`)
    const tenths: number | null | 'clear' = p.kind === 'score' ? p.tenths : p.kind === 'absent' ? null : 'clear'
    return { person, subjectId: x.subjectId, tenths }
  })
  return { saved: await writeEntries(ctx, w, entries) }
}

// ---------------------------------------------------------------------------------------------------------------
// The score sheet

export async function template(ctx: AppContext, v: Viewer, id: number): Promise<{ name: string; body: Buffer }> {
  const w = await writable(ctx, v, id)
  const scores = await q.scoresOfExam(ctx.db, id)
  const map = new Map<string, Map<number, number | null>>()
  for (const r of scores) {
    let m = map.get(r.student_sub)
    if (!m) map.set(r.student_sub, (m = new Map()))
    m.set(r.subject_id, r.score_tenths)
  }
  const byClass = new Map<number, SheetStudent[]>()
  for (const p of w.students.values()) {
    const list = byClass.get(p.classId!) ?? []
    list.push({ sub: p.sub, no: p.number, name: p.name, classId: p.classId! })
    byClass.set(p.classId!, list)
  }
  const body = await buildTemplate({
    subjects: w.e.subjects.map((x) => ({ id: x.id, name: x.name, fullTenths: x.full_tenths })),
    classes: w.e.classes
      .filter((c) => byClass.has(c.class_id))
      .map((c) => ({ id: c.class_id, name: c.class_name, students: byClass.get(c.class_id)!.sort(byNumber) })),
    scores: map,
  })
  return { name: `${w.e.exam.name}-成绩模板.xlsx`, body }
}

/** Bad rows of an import: answered with code 400 and the list; nothing was saved. */
export class ImportRefused extends AppError {
  constructor(readonly problems: ImportProblemView[]) {
    super(400, `有 ${problems.length} 行有误，未保存任何成绩，请修改后重新导入`)
  }
}

export async function importScores(ctx: AppContext, v: Viewer, id: number, file: Buffer): Promise<ImportAnswer> {
  const w = await writable(ctx, v, id)
  const roster = new Map<string, SheetStudent>()
  for (const p of w.students.values())
    if (p.number) roster.set(p.number, { sub: p.sub, no: p.number, name: p.name, classId: p.classId! })
  const read = await readScoreSheet(
    file,
    w.e.subjects.map((x) => ({ id: x.id, name: x.name, fullTenths: x.full_tenths })),
    roster,
  )
  if (read.problems.length) throw new ImportRefused(read.problems)
  const saved = await writeEntries(
    ctx,
    w,
    read.entries.map((x) => ({
      person: w.students.get(x.studentSub)!,
      subjectId: x.subjectId,
      tenths: x.cell.kind === 'score' ? x.cell.tenths : x.cell.kind === 'absent' ? null : 'clear',
    })),
  )
  return { students: read.students, saved }
}

// ---------------------------------------------------------------------------------------------------------------
// Publishing

const NOTIFY_BATCH = 500

export async function publish(ctx: AppContext, v: Viewer, id: number): Promise<{ notified: number }> {
  const { e, s } = await examForStaff(ctx, v, id)
  if (!s.creator) throw refused(Msg.NOT_CREATOR)
  const students = await ctx.db.tx(async (tx) => {
    const locked = await q.lockExam(tx, id)
    if (!locked) throw notFound()
    if (locked.status === 'published') throw bad('考试已发布')
    const subs = await q.studentsOfExam(tx, id)
    if (!subs.length) throw bad(Msg.NOTHING_TO_PUBLISH)
    await q.markPublished(tx, id)
    return subs
  })
  // Told after the commit: a message is never sent for an exam that did not publish.
  const to = new Set(students)
  for (const sub of students) for (const g of await ctx.directory.guardiansOf(sub)) to.add(g)
  const all = [...to]
  for (let i = 0; i < all.length; i += NOTIFY_BATCH)
    await ctx.hub.notify({
      to: all.slice(i, i + NOTIFY_BATCH),
      title: '成绩已发布',
      content: `${e.exam.name}（${e.exam.exam_date}）的成绩已发布，请查看。`,
      link: `${ctx.baseUrl}/#/exam/${id}`,
    })
  await recount(ctx, await audienceOf(ctx, students))
  return { notified: all.length }
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics

export async function stats(ctx: AppContext, v: Viewer, id: number, classId?: number): Promise<StatsAnswer> {
  const { e, s } = await examForStaff(ctx, v, id)
  const visible = statClasses(e, s)
  if (classId !== undefined) {
    if (!e.classes.some((c) => c.class_id === classId)) throw notFound('班级不在本次考试中')
    if (!visible.includes(classId)) throw refused(Msg.NOT_YOUR_STATS)
  }
  if (!visible.length) throw refused(Msg.NOT_YOUR_STATS)
  const scores = await q.scoresOfExam(ctx.db, id)
  const group = (cid: number | null, name: string): StatsGroup => {
    const rows = cid === null ? scores : scores.filter((r) => r.class_id === cid)
    return {
      classId: cid,
      name,
      students: new Set(rows.map((r) => r.student_sub)).size,
      subjects: e.subjects.map((x) => ({
        ...subjectView(x),
        ...subjectStats(
          rows.filter((r) => r.subject_id === x.id).map((r) => r.score_tenths),
          { fullTenths: x.full_tenths, passTenths: x.pass_tenths, excellentTenths: x.excellent_tenths },
        ),
        bandLabels: Array.from({ length: BANDS }, (_, i) => bandLabel(i, x.full_tenths)),
      })),
    }
  }
  const groups = e.classes
    .filter((c) => (classId === undefined ? visible.includes(c.class_id) : c.class_id === classId))
    .map((c) => group(c.class_id, c.class_name))
  if (classId === undefined && allStats(s) && e.classes.length > 1) groups.unshift(group(null, '全部班级'))
  return { examId: id, groups }
}

// ---------------------------------------------------------------------------------------------------------------
// Students' and guardians' results (no rank anywhere)

/** The student whose results the viewer asks for: themself, or one of their children (403 for anyone else's). */
async function studentFor(
  ctx: AppContext,
  v: Viewer,
  child: string | undefined,
): Promise<{ sub: string; name: string }> {
  if (v.userType === 'student') return { sub: v.sub, name: v.name }
  if (v.userType !== 'guardian') throw refused(Msg.STUDENTS_ONLY)
  if (!child) throw bad(Msg.CHOOSE_CHILD)
  const kid = (await childrenOf(ctx, v)).find((c) => c.sub === child)
  if (!kid) throw refused(Msg.NOT_YOUR_CHILD)
  return kid
}

export async function results(ctx: AppContext, v: Viewer, child: string | undefined): Promise<ResultItem[]> {
  const student = await studentFor(ctx, v, child)
  const exams = await q.publishedExamsOfStudent(ctx.db, student.sub)
  const seen = new Set(
    (await q.seenBy(ctx.db, [v.sub])).filter((x) => x.student_sub === student.sub).map((x) => x.exam_id),
  )
  return exams.map((x) => ({
    examId: x.id,
    name: x.name,
    date: x.exam_date,
    className: x.class_name,
    unread: !seen.has(x.id),
  }))
}

export async function result(ctx: AppContext, v: Viewer, id: number, child: string | undefined): Promise<ResultDetail> {
  const student = await studentFor(ctx, v, child)
  const exam = await q.examById(ctx.db, id)
  if (!exam || exam.status !== 'published') throw notFound(Msg.NOT_PUBLISHED)
  const rows = await q.scoresOfStudent(ctx.db, id, student.sub)
  if (!rows.length) throw notFound(Msg.NO_RESULT)
  const [subjects, classes] = await Promise.all([q.subjectsOfExams(ctx.db, [id]), q.classesOfExams(ctx.db, [id])])
  const bySubject = new Map(rows.map((r) => [r.subject_id, r]))
  await q.markSeen(ctx.db, id, v.sub, student.sub)
  await recount(
    ctx,
    new Map([[v.sub, v.userType === 'student' ? [v.sub] : (await childrenOf(ctx, v)).map((c) => c.sub)]]),
  )
  return {
    examId: id,
    name: exam.name,
    date: exam.exam_date,
    className: classes.find((c) => c.class_id === rows[0]!.class_id)?.class_name ?? '',
    student: { sub: student.sub, name: rows[0]!.student_name || student.name },
    subjects: subjects.map((x) => {
      const r = bySubject.get(x.id)
      return {
        id: x.id,
        name: x.name,
        fullMarks: fromTenths(x.full_tenths),
        score: r?.score_tenths == null ? null : fromTenths(r.score_tenths),
        absent: r?.absent ?? false,
      }
    }),
    total: (() => {
      const t = totalOf(rows.map((r) => r.score_tenths))
      return t === null ? null : fromTenths(t)
    })(),
    totalFull: fromTenths(subjects.reduce((a, x) => a + x.full_tenths, 0)),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Red dots: unread published results per student and guardian

/** Who sees whose results: each student themself, each of their guardians every child of theirs. */
async function audienceOf(ctx: AppContext, students: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  for (const s of students) {
    out.set(s, [s])
    for (const g of await ctx.directory.guardiansOf(s))
      if (!out.has(g))
        out.set(
          g,
          (await ctx.directory.childrenOf(g)).map((c) => c.sub),
        )
  }
  return out
}

/**
 * Recounts the unread results of `audience` (viewer → the students whose results they see) and sends the counts
 * that changed since last sent (a count that fell to 0 is sent as 0, which clears the red dot). With `everyone`,
 * people no longer in any audience (left, unbound) are cleared too.
 */
async function recount(ctx: AppContext, audience: Map<string, string[]>, everyone = false): Promise<void> {
  const viewers = [...audience.keys()]
  const students = [...new Set([...audience.values()].flat())]
  const [pairs, seen, last] = await Promise.all([
    q.publishedPairs(ctx.db, students),
    q.seenBy(ctx.db, viewers),
    q.lastBadges(ctx.db, everyone ? null : viewers),
  ])
  const seenSet = new Set(seen.map((x) => `${x.viewer_sub}|${x.exam_id}|${x.student_sub}`))
  const byStudent = new Map<string, number[]>()
  for (const p of pairs) byStudent.set(p.student_sub, [...(byStudent.get(p.student_sub) ?? []), p.exam_id])
  const counts = new Map<string, number>()
  for (const [viewer, theirs] of audience) {
    let n = 0
    for (const s of theirs) for (const exam of byStudent.get(s) ?? []) if (!seenSet.has(`${viewer}|${exam}|${s}`)) n++
    counts.set(viewer, n)
  }
  if (everyone) for (const sub of last.keys()) if (!counts.has(sub)) counts.set(sub, 0)
  const changed = [...counts].filter(([sub, n]) => (last.get(sub) ?? 0) !== n).map(([sub, count]) => ({ sub, count }))
  if (!changed.length) return
  await ctx.hub.setBadges(changed)
  await ctx.db.tx(async (tx) => {
    for (const c of changed) await q.saveBadge(tx, c.sub, c.count)
  })
}

/** Every student with published results and their guardians (the kit calls it after sign-in and sync). */
export async function refreshBadges(ctx: AppContext): Promise<void> {
  const students = [...new Set((await q.publishedPairs(ctx.db, null)).map((p) => p.student_sub))]
  await recount(ctx, await audienceOf(ctx, students), true)
}
