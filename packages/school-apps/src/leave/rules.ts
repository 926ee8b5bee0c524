/**
 * The leave app's pure rules: half-day arithmetic on China dates, the checks of a requested span, the approval chain
 * of a teacher's request, the statistics of a range and the check of an uploaded doctor's note. No database, no
 * clock of its own (today is passed in), so test/leave-rules.test.ts proves each rule by itself.
 */
import { AppError } from '../kit/types.js'

export type Half = 'am' | 'pm'
export type LeaveType = 'sick' | 'personal' | 'other'
export type LeaveStatus = 'pending' | 'approved' | 'rejected' | 'cancelled'
/** Who decides one step: the class's head teacher (students), a department head, the school leader (teachers). */
export type StepKind = 'head_teacher' | 'department' | 'leader'

const HALF_LABEL: Record<Half, string> = { am: '上午', pm: '下午' }
export const TYPE_LABEL: Record<LeaveType, string> = { sick: '病假', personal: '事假', other: '其他' }
export const STATUS_LABEL: Record<LeaveStatus, string> = {
  pending: '待审批',
  approved: '已批准',
  rejected: '未批准',
  cancelled: '已撤销',
}
export const STEP_LABEL: Record<StepKind, string> = {
  head_teacher: '班主任',
  department: '部门负责人',
  leader: '学校领导',
}

export const LeaveMsg = {
  NOT_OWN_CHILD: '只能为自己的孩子请假',
  OVERLAP: '该时间段已有请假申请',
  PAST: '不能为过去的日期请假',
  END_BEFORE_START: '结束时间不能早于开始时间',
  TOO_LONG: '单次请假不能超过30天',
  DECIDED: '该申请已处理',
  NO_APPROVER: '学校尚未设置审批人，请联系管理员',
  NO_HEAD_TEACHER: '该班级尚未设置班主任，请联系学校管理员',
  BAD_DATE: '日期格式有误',
  NOT_FOUND: '请假申请不存在',
  NOT_YOURS: '无权查看此请假申请',
  NOT_YOUR_DECISION: '只能审批由您负责的请假申请',
  NOT_YOUR_CANCEL: '只能撤销自己提交的请假申请',
  STUDENT_CANNOT_ASK: '学生不能提交请假申请，请由家长提交',
  ADMIN_ONLY: '仅学校管理员可操作',
  BAD_IMAGE: '病假条只能是 JPG、PNG 或 WEBP 图片，且不超过 2MB',
  UPLOAD_GONE: '病假条已失效，请重新上传',
} as const

/** A request may span at most 30 days (60 half days). */
const MAX_HALF_DAYS = 60
/** Ranges of the statistics are at most a year, so one read stays small. */
const MAX_RANGE_DAYS = 366
export const MAX_NOTE_BYTES = 2 * 1024 * 1024

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isDate(s: string): boolean {
  const m = DATE_RE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === s
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (UTC arithmetic: calendar days, no time zone shifts). */
function dayNumber(date: string): number {
  if (!isDate(date)) throw new AppError(400, LeaveMsg.BAD_DATE)
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS
}

function dateOf(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10)
}

export function addDays(date: string, n: number): string {
  return dateOf(dayNumber(date) + n)
}

/** Today in China (schools work on Beijing time whatever the server's zone). */
export function chinaToday(now: Date = new Date()): string {
  return dateOf(Math.floor((now.getTime() + 8 * 3_600_000) / DAY_MS))
}

/** The first and last day of the month of `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1))
  return { from, to: dateOf(next.getTime() / DAY_MS - 1) }
}

export interface Span {
  startDate: string
  startHalf: Half
  endDate: string
  endHalf: Half
}

/** A half day's position on the calendar: a morning is 2·day, its afternoon 2·day + 1. */
const slot = (date: string, half: Half) => dayNumber(date) * 2 + (half === 'pm' ? 1 : 0)

/** Half days a span covers, both ends included (weekends and holidays count too: schools may refine this later). */
export function halfDays(s: Span): number {
  return slot(s.endDate, s.endHalf) - slot(s.startDate, s.startHalf) + 1
}

/** Days as shown: 0.5 per half day. */
export function daysOf(halves: number): number {
  return halves / 2
}

/** The checks of a new request's span; answers its half days or throws the 400 that names what is wrong. */
export function checkSpan(s: Span, today: string): number {
  if (!isDate(s.startDate) || !isDate(s.endDate)) throw new AppError(400, LeaveMsg.BAD_DATE)
  const n = halfDays(s)
  if (n < 1) throw new AppError(400, LeaveMsg.END_BEFORE_START)
  if (s.startDate < today) throw new AppError(400, LeaveMsg.PAST)
  if (n > MAX_HALF_DAYS) throw new AppError(400, LeaveMsg.TOO_LONG)
  return n
}

/** Whether two spans share a half day. */
export function overlaps(a: Span, b: Span): boolean {
  return (
    slot(a.startDate, a.startHalf) <= slot(b.endDate, b.endHalf) &&
    slot(b.startDate, b.startHalf) <= slot(a.endDate, a.endHalf)
  )
}

/** Which part of `date` a span covers: the whole day, a morning, an afternoon or none. */
export function partOfDay(s: Span, date: string): 'full' | Half | null {
  const am = overlaps(s, { startDate: date, startHalf: 'am', endDate: date, endHalf: 'am' })
  const pm = overlaps(s, { startDate: date, startHalf: 'pm', endDate: date, endHalf: 'pm' })
  if (am && pm) return 'full'
  return am ? 'am' : pm ? 'pm' : null
}

/** Half days of a span inside [from, to] (whole days): what a range's statistics count. */
export function halfDaysWithin(s: Span, from: string, to: string): number {
  const lo = Math.max(slot(s.startDate, s.startHalf), slot(from, 'am'))
  const hi = Math.min(slot(s.endDate, s.endHalf), slot(to, 'pm'))
  return Math.max(0, hi - lo + 1)
}

/** 11月27日上午 — 11月28日下午, or 11月27日上午 for one half day. */
export function describeSpan(s: Span): string {
  const d = (date: string, half: Half) =>
    `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日${HALF_LABEL[half]}`
  if (s.startDate === s.endDate && s.startHalf === s.endHalf) return d(s.startDate, s.startHalf)
  if (s.startDate === s.endDate && s.startHalf === 'am' && s.endHalf === 'pm')
    return `${d(s.startDate, 'am').slice(0, -2)}全天`
  return `${d(s.startDate, s.startHalf)} 至 ${d(s.endDate, s.endHalf)}`
}

export interface ChainStep {
  kind: StepKind
  sub: string
}

/**
 * A teacher's approval chain: their department's head, then the school leader when the request is longer than the
 * threshold. No head for the department (or the requester is that head) → the leader decides alone. Nobody decides
 * their own request.
 */
export function teacherChain(input: {
  requester: string
  departmentHead: string | null
  leader: string | null
  halfDays: number
  thresholdHalfDays: number
}): ChainStep[] {
  const steps: ChainStep[] = []
  if (input.departmentHead && input.departmentHead !== input.requester)
    steps.push({ kind: 'department', sub: input.departmentHead })
  const needLeader = steps.length === 0 || input.halfDays > input.thresholdHalfDays
  if (needLeader) {
    if (!input.leader) throw new AppError(400, LeaveMsg.NO_APPROVER)
    // The leader heading the requester's department decides once.
    if (input.leader !== input.requester && !steps.some((s) => s.sub === input.leader))
      steps.push({ kind: 'leader', sub: input.leader })
  }
  // The leader asking leave without a department head above them: nobody may decide it.
  if (steps.length === 0) throw new AppError(400, LeaveMsg.NO_APPROVER)
  return steps
}

/** One request as the statistics read it. */
export interface StatRow extends Span {
  type: LeaveType
  classId: number | null
  className: string
}

export interface LeaveStats {
  from: string
  to: string
  byDay: { date: string; people: number; days: number }[]
  byClass: { classId: number | null; className: string; requests: number; days: number }[]
  byType: { type: LeaveType; label: string; requests: number; days: number }[]
  totals: { requests: number; days: number }
}

/**
 * The school's approved leave in [from, to]: per day (people away, days of leave that day), per class (teachers'
 * own leave under 教职工) and per type; days are the half days inside the range only.
 */
export function summarize(rows: readonly StatRow[], from: string, to: string): LeaveStats {
  const byDay: LeaveStats['byDay'] = []
  for (let d = dayNumber(from); d <= dayNumber(to); d++) {
    const date = dateOf(d)
    let people = 0
    let halves = 0
    for (const r of rows) {
      const part = partOfDay(r, date)
      if (part) {
        people++
        halves += part === 'full' ? 2 : 1
      }
    }
    byDay.push({ date, people, days: daysOf(halves) })
  }
  const classes = new Map<string, LeaveStats['byClass'][number]>()
  const types = new Map<LeaveType, LeaveStats['byType'][number]>()
  let total = 0
  let counted = 0
  for (const r of rows) {
    const halves = halfDaysWithin(r, from, to)
    if (halves === 0) continue
    counted++
    total += halves
    const key = String(r.classId)
    const c = classes.get(key) ?? { classId: r.classId, className: r.className, requests: 0, days: 0 }
    c.requests++
    c.days += daysOf(halves)
    classes.set(key, c)
    const t = types.get(r.type) ?? { type: r.type, label: TYPE_LABEL[r.type], requests: 0, days: 0 }
    t.requests++
    t.days += daysOf(halves)
    types.set(r.type, t)
  }
  return {
    from,
    to,
    byDay,
    // Classes by name, teachers' own leave last.
    byClass: [...classes.values()].sort(
      (a, b) =>
        Number(a.classId === null) - Number(b.classId === null) || a.className.localeCompare(b.className, 'zh-CN'),
    ),
    byType: (['sick', 'personal', 'other'] as const).flatMap((t) => {
      const v = types.get(t)
      return v ? [v] : []
    }),
    totals: { requests: counted, days: daysOf(total) },
  }
}

/** The checks of a statistics range; answers it or throws. */
export function checkRange(from: string, to: string): void {
  if (!isDate(from) || !isDate(to)) throw new AppError(400, LeaveMsg.BAD_DATE)
  if (to < from) throw new AppError(400, LeaveMsg.END_BEFORE_START)
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) throw new AppError(400, '统计范围不能超过一年')
}

export type NoteMime = 'image/jpeg' | 'image/png' | 'image/webp'

/** The image type of an upload by its first bytes (never its name or declared type), or null. */
export function imageTypeOf(bytes: Uint8Array): NoteMime | null {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  // RIFF....WEBP
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}
