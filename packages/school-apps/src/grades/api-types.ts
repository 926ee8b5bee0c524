/**
 * The grades app's API answers (the `data` of each {code, msg, data}), shared by the server and the pages
 * (web/grades imports these types only). Marks are plain numbers with at most one decimal (95.5).
 * Nothing a student or a guardian receives (Me, ResultItem, ResultDetail) has a rank: the Ministry of Education
 * forbids publishing rankings; ranks exist only in the teachers' Grid.
 */
import type { SubjectStats } from './rules.js'

export interface TeachClass {
  id: number
  name: string
  gradeName: string
  isHead: boolean
}
export interface Me {
  kind: 'teacher' | 'student' | 'guardian'
  name: string
  isAdmin: boolean
  /** Teachers: the classes they teach (an exam is set for some of them). */
  classes: TeachClass[]
  /** Guardians: their children. */
  children: { sub: string; name: string }[]
}

export interface SubjectView {
  id: number
  name: string
  fullMarks: number
  passLine: number
  excellentLine: number
}
export interface ExamSummary {
  id: number
  name: string
  /** YYYY-MM-DD */
  date: string
  status: 'draft' | 'published'
  publishedAt: string | null
  classes: { id: number; name: string }[]
  subjects: SubjectView[]
  createdByName: string
  /** The viewer created it (edits, publishes). */
  mine: boolean
}
export interface ExamDetail extends ExamSummary {
  /** Classes whose score grid the viewer sees (with ranks), and those of them they may enter scores for. */
  gridClassIds: number[]
  editClassIds: number[]
  /** Classes whose statistics the viewer sees; `allClasses` adds the whole exam's. */
  statClassIds: number[]
  allClasses: boolean
}

export interface GridRow {
  sub: string
  no: string | null
  name: string
  /** Subject id → '95.5', '缺考' or '' (not entered). */
  scores: Record<string, string>
  total: number | null
  classRank: number | null
  examRank: number | null
  /** No longer in the class (moved or left) but has scores here: shown, not editable. */
  left: boolean
}
export interface Grid {
  classId: number
  className: string
  editable: boolean
  subjects: SubjectView[]
  rows: GridRow[]
}
export interface SaveScoresAnswer {
  saved: number
}
export interface ImportProblemView {
  sheet: string
  row: number
  reason: string
}
export interface ImportAnswer {
  students: number
  saved: number
}

export interface StatsSubject extends SubjectStats, SubjectView {
  /** Labels of `bands`, e.g. 60–70. */
  bandLabels: string[]
}
export interface StatsGroup {
  /** null: every class of the exam together. */
  classId: number | null
  name: string
  students: number
  subjects: StatsSubject[]
}
export interface StatsAnswer {
  examId: number
  groups: StatsGroup[]
}

export interface ResultItem {
  examId: number
  name: string
  date: string
  className: string
  unread: boolean
}
export interface ResultDetail {
  examId: number
  name: string
  date: string
  className: string
  student: { sub: string; name: string }
  subjects: { id: number; name: string; fullMarks: number; score: number | null; absent: boolean }[]
  /** Sum of the subjects sat; null when none. */
  total: number | null
  totalFull: number
}
