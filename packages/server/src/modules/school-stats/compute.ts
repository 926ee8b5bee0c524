import {
  classSizeBand,
  yearLevel,
  type BandCounts,
  type NamedCount,
  type SnapshotData,
  type StatsGrade,
  type StatsSchool,
  type StatsTotals,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { districtSchools } from '../school-year/schools-queries.js'
import { classSizes, listGrades, studentCounts, teacherCounts } from './queries.js'

/** How a missing dictionary entry or nation is shown. */
const UNKNOWN = '未填'
/** The majority nation: anyone else with a nation filled in counts as 少数民族. */
const HAN = '汉族'

const tally = (m: Map<string, number>, k: string | null, n: number) =>
  m.set(k ?? UNKNOWN, (m.get(k ?? UNKNOWN) ?? 0) + n)
/** Largest first, 未填 last, so the familiar layout reads top-down. */
const named = (m: Map<string, number>): NamedCount[] =>
  [...m]
    .map(([name, n]) => ({ name, n }))
    .sort(
      (a, b) => Number(a.name === UNKNOWN) - Number(b.name === UNKNOWN) || b.n - a.n || a.name.localeCompare(b.name),
    )

const ratioOf = (students: number, teachers: number): number | null =>
  teachers > 0 ? Math.round((students / teachers) * 100) / 100 : null

/**
 * The district's figures now, per school: a few set-based reads (queries.ts), then grouping in memory over their
 * already-aggregated rows (one per school × grade × sex × nation, one per class), which stays small for 300 schools.
 */
export async function computeSnapshot(trx: Trx, schoolYear: string): Promise<SnapshotData> {
  const [schools, grades, classes, students, teachers] = [
    await districtSchools(trx),
    await listGrades(trx),
    await classSizes(trx),
    await studentCounts(trx),
    await teacherCounts(trx),
  ]
  const bySchool = new Map<number, StatsSchool>()
  const nations = new Map<number, Map<string, number>>()
  const titles = new Map<number, Map<string, number>>()
  const education = new Map<number, Map<string, number>>()
  for (const s of schools) {
    const id = Number(s.id)
    bySchool.set(id, { orgId: id, name: s.name, grades: [], ...emptyTotals() })
    nations.set(id, new Map())
    titles.set(id, new Map())
    education.set(id, new Map())
  }
  const gradeOf = new Map<number, StatsGrade>()
  const sorted = [...grades].sort((a, b) => b.entry_year - a.entry_year || a.sort - b.sort || a.id - b.id)
  for (const g of sorted) {
    const school = bySchool.get(Number(g.org_id))
    if (!school) continue
    const grade: StatsGrade = {
      gradeId: Number(g.id),
      name: g.name,
      level: yearLevel(g.entry_year, schoolYear),
      period: g.period ?? null,
      students: 0,
      male: 0,
      female: 0,
      unknownSex: 0,
      minority: 0,
      classes: [],
    }
    school.grades.push(grade)
    gradeOf.set(grade.gradeId, grade)
  }
  for (const c of classes) {
    const grade = gradeOf.get(Number(c.grade_id))
    const school = bySchool.get(Number(c.org_id))
    if (!grade || !school) continue
    const band = classSizeBand(c.size, grade.period)
    grade.classes.push({ classId: Number(c.id), name: c.name, size: c.size, band })
    school.classes++
    if (band) school.bands[band]++
  }
  for (const r of students) {
    const grade = gradeOf.get(Number(r.grade_id))
    const school = bySchool.get(Number(r.org_id))
    if (!grade || !school) continue
    const minority = r.nation !== null && r.nation !== '' && r.nation !== HAN ? r.n : 0
    for (const t of [grade, school]) {
      t.students += r.n
      if (r.sex === 0) t.male += r.n
      else if (r.sex === 1) t.female += r.n
      else t.unknownSex += r.n
      t.minority += minority
    }
    if (r.suspended) school.suspended += r.n
    tally(nations.get(school.orgId)!, r.nation || null, r.n)
  }
  for (const r of teachers) {
    const school = bySchool.get(Number(r.org_id))
    if (!school) continue
    school.teachers += r.n
    tally(titles.get(school.orgId)!, r.title, r.n)
    tally(education.get(school.orgId)!, r.education, r.n)
  }
  for (const s of bySchool.values()) {
    s.ratio = ratioOf(s.students, s.teachers)
    s.nations = named(nations.get(s.orgId)!)
    s.titles = named(titles.get(s.orgId)!)
    s.education = named(education.get(s.orgId)!)
  }
  return { schools: [...bySchool.values()] }
}

function emptyTotals(): StatsTotals {
  return {
    students: 0,
    male: 0,
    female: 0,
    unknownSex: 0,
    minority: 0,
    suspended: 0,
    classes: 0,
    bands: { balanced: 0, large: 0, huge: 0 },
    teachers: 0,
    ratio: null,
    nations: [],
    titles: [],
    education: [],
  }
}

/** The sum of some schools' figures (the district's, or a school admin's own). */
export function sumOf(schools: readonly StatsSchool[]): StatsTotals {
  const t = emptyTotals()
  const merge = (into: Map<string, number>, list: NamedCount[]) => list.forEach((x) => tally(into, x.name, x.n))
  const nations = new Map<string, number>()
  const titles = new Map<string, number>()
  const education = new Map<string, number>()
  for (const s of schools) {
    for (const k of [
      'students',
      'male',
      'female',
      'unknownSex',
      'minority',
      'suspended',
      'classes',
      'teachers',
    ] as const)
      t[k] += s[k]
    for (const b of Object.keys(t.bands) as (keyof BandCounts)[]) t.bands[b] += s.bands[b]
    merge(nations, s.nations)
    merge(titles, s.titles)
    merge(education, s.education)
  }
  t.ratio = ratioOf(t.students, t.teachers)
  t.nations = named(nations)
  t.titles = named(titles)
  t.education = named(education)
  return t
}
