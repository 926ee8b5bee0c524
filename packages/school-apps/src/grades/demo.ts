/**
 * The grades app's demo: in the school of 张老师's class (三年级(2)班, 第一实验小学), two published exams set by 张老师
 * for his class and one more class of the grade — 第一次月考 four weeks ago and 期中考试 two weeks ago, 语文 数学 英语
 * out of 100 — with a believable spread of scores (a deterministic generator, so every run seeds the same marks)
 * and one 缺考 each. 王小明 has scores in both. Written straight into the app's tables, found through the mirror.
 */
import type { AppContext, DirClass, DirPerson } from '../kit/types.js'
import * as q from './queries.js'
import { defaultLines } from './rules.js'

const TEACHER = '张老师'
const STUDENT = '王小明'

/** mulberry32: a small deterministic generator (the demo must be the same on every machine). */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A normal draw (Box–Muller). */
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r())

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

interface DemoPlace {
  teacher: DirPerson
  classes: DirClass[]
}

/**
 * 张老师 and the classes of the demo exams: his class (he heads it) and the next class of the same grade. Found by
 * walking the schools' teachers in the mirror; null when the directory holds no such teacher (not the demo district).
 */
async function findDemoPlace(ctx: AppContext, schoolIds: readonly number[]): Promise<DemoPlace | null> {
  for (const schoolId of schoolIds) {
    const teacher = (await ctx.directory.teachersOf(schoolId)).find((t) => t.name === TEACHER)
    if (!teacher) continue
    const head = (await ctx.directory.classesTaughtBy(teacher.sub)).find((c) => c.isHead)
    const own = head ? await ctx.directory.classOf(head.classId) : null
    if (!own) continue
    const other = (await ctx.directory.classesOf(own.schoolId))
      .filter((c) => c.gradeId === own.gradeId && c.id !== own.id)
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'))[0]
    return { teacher, classes: other ? [own, other] : [own] }
  }
  return null
}

const SUBJECTS = [
  { name: '语文', bias: 2 },
  { name: '数学', bias: 0 },
  { name: '英语', bias: -1 },
] as const

/** Seeds the two exams once, when the app has none. */
export async function seedGradesDemo(ctx: AppContext, schoolIds: readonly number[]): Promise<void> {
  if (!(await q.noExams(ctx.db))) return
  const place = await findDemoPlace(ctx, schoolIds)
  if (!place) return
  const rosters = await Promise.all(place.classes.map((c) => ctx.directory.studentsOf(c.id)))
  const r = prng(20261127)
  // Each pupil's level and per-subject leaning stay across the two exams, as in a real class.
  const level = new Map<string, { base: number; lean: number[] }>()
  for (const p of rosters.flat())
    level.set(p.sub, { base: 73 + 11 * normal(r), lean: SUBJECTS.map(() => 5 * normal(r)) })
  const exams = [
    { name: '第一次月考', date: daysAgo(28), published: 25 },
    { name: '期中考试', date: daysAgo(14), published: 11 },
  ]
  await ctx.db.tx(async (tx) => {
    for (const [k, x] of exams.entries()) {
      const examId = await q.insertExam(tx, {
        schoolId: place.classes[0]!.schoolId,
        name: x.name,
        date: x.date,
        createdBy: place.teacher.sub,
        createdByName: place.teacher.name,
      })
      await q.insertExamClasses(
        tx,
        examId,
        place.classes.map((c) => ({ id: c.id, name: c.label })),
      )
      const subjectIds: number[] = []
      for (const [i, s] of SUBJECTS.entries())
        subjectIds.push(
          await q.insertSubject(tx, examId, { position: i, name: s.name, fullTenths: 1000, ...defaultLines(100) }),
        )
      // One 缺考 per exam: a pupil of the second class (or the last of the first), never 王小明.
      const pool = (rosters[1] ?? rosters[0]!).filter((p) => p.name !== STUDENT)
      const absent = pool[(k * 7 + 3) % Math.max(1, pool.length)]
      const rows: q.ScoreWrite[] = []
      for (const p of rosters.flat()) {
        const lv = level.get(p.sub)!
        for (const [i, s] of SUBJECTS.entries()) {
          const raw = lv.base + lv.lean[i]! + s.bias + 6 * normal(r) + (k === 1 ? 1.5 : 0)
          // Whole marks mostly, a half mark now and then (作文 and 听力 give halves).
          const half = r() < 0.15 ? 0.5 : 0
          const score = Math.max(28, Math.min(100, Math.round(raw) + half))
          const isAbsent = absent?.sub === p.sub && i === 1
          rows.push({
            subjectId: subjectIds[i]!,
            studentSub: p.sub,
            classId: p.classId!,
            studentName: p.name,
            studentNo: p.number,
            tenths: isAbsent ? null : Math.round(Math.min(100, score) * 10),
          })
        }
      }
      await q.saveScores(tx, examId, rows)
      await tx.query(
        `UPDATE grades_exam SET status = 'published', published_at = $2::date + time '17:30', created_at = $3::date,
           updated_at = $2::date + time '17:30' WHERE id = $1`,
        [examId, daysAgo(x.published), x.date],
      )
    }
  })
}
