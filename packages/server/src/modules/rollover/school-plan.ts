import {
  classSizeBand,
  CLASS_SIZE_BANDS,
  gradeNameFor,
  PERIOD_YEARS,
  schoolYearStart,
  yearLevel,
  type RolloverException,
  type RolloverSummary,
} from '@zhixiao/shared'
import type { ClassRow, GradeRow } from './school-queries.js'

/**
 * What a school's roll-over does, worked out from its live grades and classes (pure; the preview shows it and the
 * run carries it out, so both always agree). docs/school-year.md "Roll-over plan, preview, approval and run".
 */

export interface GradeMove {
  grade: GradeRow
  fromLevel: number
  toLevel: number
  toName: string
  classes: ClassRow[]
  /** Classes named after their grade ("三年级1班") and their new names. */
  classRenames: { id: number; from: string; to: string }[]
}

interface IntakePlan {
  /** The new first level's name; null when the school's period has no naming (no intake grade is made). */
  gradeName: string | null
  entryYear: number
  classCount: number
  classNames: string[]
  learnPeriodId: number | null
  /** A live grade already holds the new first level (made ahead of the run): no intake grade is created. */
  existingGradeId: number | null
}

export interface SchoolPlan {
  period: string | null
  /** Continuing cohorts, oldest first (the order their names can change in without meeting each other). */
  moves: GradeMove[]
  graduating: GradeMove[]
  intake: IntakePlan
  /** Why the run would fail (two live grades with one name afterwards), or null. */
  conflict: string | null
}

export interface Repeater {
  id: number
  true_name: string
  class_id: number | null
  study_status: 'enrolled' | 'suspended'
}

/** A class's number: the digits of its name ("(2)班", "2班"), else its place in the grade (1-based). */
function classNo(name: string, position: number): number {
  const m = /\d+/.exec(name)
  return m ? Number(m[0]) : position + 1
}

/** The school's naming of classes ("(1)班", "1班" …) from a class name: its digits replaced by the number. */
function classNamer(sample: string | undefined): (n: number) => string {
  if (sample && /\d+/.test(sample)) return (n) => sample.replace(/\d+/, String(n))
  return (n) => `${n}班`
}

export function planSchool(
  grades: GradeRow[],
  classes: ClassRow[],
  fromYear: string,
  toYear: string,
  intakeClasses: number | null,
): SchoolPlan {
  const byGrade = new Map<number, ClassRow[]>()
  for (const c of classes) byGrade.set(c.grade_id, [...(byGrade.get(c.grade_id) ?? []), c])
  const moves: GradeMove[] = []
  const graduating: GradeMove[] = []
  for (const g of grades) {
    const fromLevel = yearLevel(g.entry_year, fromYear)
    const toLevel = fromLevel + 1
    const final = g.period ? PERIOD_YEARS[g.period] : undefined
    // A name that follows the period's naming for its level moves with the level; any other name is kept.
    const follows = g.period !== null && g.name === gradeNameFor(g.period, fromLevel)
    const toName = (follows && g.period && gradeNameFor(g.period, toLevel)) || g.name
    const own = byGrade.get(g.id) ?? []
    const classRenames =
      toName === g.name
        ? []
        : own
            .filter((c) => c.name.startsWith(g.name))
            .map((c) => ({ id: c.id, from: c.name, to: toName + c.name.slice(g.name.length) }))
    const move = { grade: g, fromLevel, toLevel, toName, classes: own, classRenames }
    if (final !== undefined && toLevel > final) graduating.push(move)
    else moves.push(move)
  }
  moves.sort((a, b) => b.fromLevel - a.fromLevel || a.grade.id - b.grade.id)
  graduating.sort((a, b) => b.fromLevel - a.fromLevel || a.grade.id - b.grade.id)

  // The school's period: that of its youngest cohort with a named period (a 九年一贯制 school takes its 小学's).
  const named = [...moves, ...graduating].filter((m) => m.grade.period && gradeNameFor(m.grade.period, 1))
  named.sort((a, b) => a.fromLevel - b.fromLevel)
  const youngest = named[0]
  const period = youngest?.grade.period ?? grades.find((g) => g.period)?.period ?? null
  const entryYear = schoolYearStart(toYear)
  const first = moves.find((m) => m.fromLevel === 1 && m.grade.period === period)
  const existing = moves.find((m) => m.toLevel === 1 && m.grade.period === period)
  const gradeName = period ? gradeNameFor(period, 1) : null
  const classCount = gradeName && !existing ? (intakeClasses ?? first?.classes.length ?? 0) : 0
  const namer = classNamer(first?.classes[0]?.name ?? classes[0]?.name)
  const intake: IntakePlan = {
    gradeName: existing ? existing.toName : gradeName,
    entryYear,
    classCount,
    classNames: Array.from({ length: classCount }, (_, i) => namer(i + 1)),
    learnPeriodId: youngest?.grade.learn_period_id ?? null,
    existingGradeId: existing?.grade.id ?? null,
  }

  const names = new Map<string, number>()
  for (const m of moves) names.set(m.toName, (names.get(m.toName) ?? 0) + 1)
  if (intake.gradeName && !existing) names.set(intake.gradeName, (names.get(intake.gradeName) ?? 0) + 1)
  const twice = [...names].find(([, n]) => n > 1)?.[0]
  const conflict = twice ? `年级名称冲突：结转后将有两个“${twice}”，请先修改或归档其中一个年级` : null
  return { period, moves, graduating, intake, conflict }
}

/** Where a repeater goes: the next-younger cohort's class with the same number (or its first), else the intake. */
export function repeatTarget(
  plan: SchoolPlan,
  classId: number,
): { gradeId: number; classId: number } | { intakeIndex: number } | null {
  const all = [...plan.graduating, ...plan.moves]
  const from = all.find((m) => m.classes.some((c) => c.id === classId))
  if (!from) return null
  const pos = from.classes.findIndex((c) => c.id === classId)
  const no = classNo(from.classes[pos]!.name, pos)
  const younger = plan.moves.find((m) => m.fromLevel === from.fromLevel - 1 && m.grade.period === from.grade.period)
  if (younger) {
    const same = younger.classes.find((c, i) => classNo(c.name, i) === no) ?? younger.classes[0]
    return same ? { gradeId: younger.grade.id, classId: same.id } : null
  }
  if (from.toLevel === 2 && from.grade.period === plan.period && plan.intake.classCount > 0)
    return { intakeIndex: Math.min(no, plan.intake.classCount) - 1 }
  return null
}

/** Grade and class in one name, as the screens write it: 三年级(2)班. */
export const fullClassName = (gradeName: string, className: string) => gradeName + className

/** The class-size exceptions: each class over a band, with the band's label. */
export function classSizeExceptions(plan: SchoolPlan): RolloverException[] {
  const out: RolloverException[] = []
  for (const m of [...plan.graduating, ...plan.moves])
    for (const c of m.classes) {
      const band = classSizeBand(c.students, m.grade.period)
      if (!band) continue
      const label = CLASS_SIZE_BANDS.find((b) => b.key === band)!.label
      const name = fullClassName(m.grade.name, c.name)
      out.push({
        kind: 'class_size',
        userInfoId: null,
        classId: c.id,
        name,
        className: name,
        detail: `${c.students}人，${label}`,
      })
    }
  return out
}

/** The school's summary from its plan, repeaters and exceptions (the plan list's line). */
export function summaryOf(plan: SchoolPlan, repeaters: Repeater[], exceptions: number): RolloverSummary {
  const inClasses = (moves: GradeMove[]) => {
    const ids = new Set(moves.flatMap((m) => m.classes.map((c) => c.id)))
    const enrolled = moves.flatMap((m) => m.classes).reduce((n, c) => n + c.students - c.suspended, 0)
    const repeating = repeaters.filter(
      (r) => r.class_id != null && ids.has(r.class_id) && r.study_status === 'enrolled',
    )
    return enrolled - repeating.length
  }
  return {
    promotedCohorts: plan.moves.length,
    studentsPromoted: inClasses(plan.moves),
    graduates: inClasses(plan.graduating),
    intakeGradeName: plan.intake.gradeName,
    classesCarriedOver: plan.moves.reduce((n, m) => n + m.classes.length, 0),
    exceptions,
  }
}
