/**
 * The leave app's services: who may see, ask, decide and cancel what (from the signed-in Viewer and the directory
 * mirror), the transaction of each write, and what follows a committed write (messages through the hub, red dots).
 * Messages and badges are sent after the commit: a hub that is down never undoes a request, and the next
 * refreshBadges puts the red dots right.
 */
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { AppError, type AppContext, type DirClass, type Viewer } from '../kit/types.js'
import * as q from './queries.js'
import type { RequestRow } from './queries.js'
import {
  checkRange,
  checkSpan,
  chinaToday,
  daysOf,
  describeSpan,
  imageTypeOf,
  LeaveMsg,
  MAX_NOTE_BYTES,
  monthOf,
  partOfDay,
  STATUS_LABEL,
  STEP_LABEL,
  summarize,
  teacherChain,
  TYPE_LABEL,
  type ChainStep,
  type Half,
  type LeaveStats,
  type LeaveType,
  type Span,
  type StepKind,
} from './rules.js'

/** Notes uploaded and not yet sent with a request, per person (they are purged after a day). */
const MAX_WAITING_UPLOADS = 10

/** Teachers' own requests are counted under this name in the statistics and the export. */
const STAFF_CLASS = '教职工'

interface StepView {
  kind: StepKind
  label: string
  name: string
  /** null: not decided yet. */
  approved: boolean | null
  comment: string
  at: string | null
}

export interface RequestView {
  id: number
  kind: 'student' | 'teacher'
  personName: string
  className: string
  requesterName: string
  startDate: string
  startHalf: Half
  endDate: string
  endHalf: Half
  span: string
  days: number
  type: LeaveType
  typeLabel: string
  reason: string
  status: RequestRow['status']
  statusLabel: string
  /** Who decides next (pending requests). */
  waitingFor: string | null
  createdAt: string
  hasNote: boolean
  canCancel: boolean
  canDecide: boolean
}

export interface RequestDetail extends RequestView {
  steps: StepView[]
  /** Whether this viewer may open the doctor's note (requester, approvers, admins). */
  canSeeNote: boolean
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString())

const spanOf = (r: RequestRow): Span => ({
  startDate: r.start_date,
  startHalf: r.start_half,
  endDate: r.end_date,
  endHalf: r.end_half,
})

/** Per-call caches of the directory, so a list of 300 requests reads each class and person once. */
function lookups(ctx: AppContext) {
  const classes = new Map<number, Promise<DirClass | null>>()
  const names = new Map<string, Promise<string>>()
  const children = new Map<string, Promise<Set<string>>>()
  return {
    /** A guardian's children (subs), once per call. */
    childrenOf(guardian: string): Promise<Set<string>> {
      let c = children.get(guardian)
      if (!c)
        children.set(guardian, (c = ctx.directory.childrenOf(guardian).then((xs) => new Set(xs.map((x) => x.sub)))))
      return c
    },
    classOf(id: number | null): Promise<DirClass | null> {
      if (id === null) return Promise.resolve(null)
      let c = classes.get(id)
      if (!c) classes.set(id, (c = ctx.directory.classOf(id)))
      return c
    },
    async className(r: Pick<RequestRow, 'kind' | 'class_id'>): Promise<string> {
      if (r.kind === 'teacher') return STAFF_CLASS
      const c = await this.classOf(r.class_id)
      return c ? c.label : '未知班级'
    },
    nameOf(sub: string): Promise<string> {
      let n = names.get(sub)
      if (!n) names.set(sub, (n = ctx.directory.person(sub).then((p) => p?.name ?? '（已离校）')))
      return n
    },
    /** Who decides a pending request now: a student's class's head teacher today, a teacher's step's approver. */
    async approverOf(r: RequestRow): Promise<string | null> {
      if (r.status !== 'pending') return null
      if (r.kind === 'student') return (await this.classOf(r.class_id))?.headTeacher ?? null
      return r.chain[r.step]?.sub ?? null
    },
  }
}
type Lookups = ReturnType<typeof lookups>

interface Access {
  view: boolean
  note: boolean
  cancel: boolean
  decide: boolean
}

/** What the viewer may do with one request. */
async function accessOf(ctx: AppContext, viewer: Viewer, r: RequestRow, look: Lookups): Promise<Access> {
  const requester = r.requester_sub === viewer.sub
  const self = r.person_sub === viewer.sub
  const admin = viewer.isAdmin && viewer.orgId === r.school_id
  const approverNow = await look.approverOf(r)
  const decide = approverNow === viewer.sub
  // Anyone who decided a step, was in the teacher's chain, or heads the student's class now.
  let approver = decide || r.chain.some((s) => s.sub === viewer.sub)
  if (!approver && r.kind === 'student' && viewer.userType === 'staff')
    approver = (await look.classOf(r.class_id))?.headTeacher === viewer.sub
  let guardian = false
  if (!requester && r.kind === 'student' && viewer.userType === 'guardian')
    guardian = (await look.childrenOf(viewer.sub)).has(r.person_sub)
  return {
    view: requester || self || guardian || approver || admin,
    note: requester || approver || admin,
    cancel: requester && r.status === 'pending',
    decide,
  }
}

async function viewOf(r: RequestRow, a: Access, look: Lookups): Promise<RequestView> {
  const approver = await look.approverOf(r)
  return {
    id: r.id,
    kind: r.kind,
    personName: r.person_name,
    className: await look.className(r),
    requesterName: r.requester_name,
    startDate: r.start_date,
    startHalf: r.start_half,
    endDate: r.end_date,
    endHalf: r.end_half,
    span: describeSpan(spanOf(r)),
    days: daysOf(r.half_days),
    type: r.type,
    typeLabel: TYPE_LABEL[r.type],
    reason: r.reason,
    status: r.status,
    statusLabel: STATUS_LABEL[r.status],
    waitingFor: approver ? await look.nameOf(approver) : null,
    createdAt: iso(r.created_at) ?? '',
    hasNote: r.has_note,
    canCancel: a.cancel,
    canDecide: a.decide,
  }
}

const link = (ctx: AppContext, id: number) => `${ctx.baseUrl}/#/request/${id}`

/** Sends after the commit; a failure is logged, never undoes the write (the message centre is best effort). */
async function afterCommit(what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn()
  } catch (e) {
    console.warn(`[leave] ${what} failed:`, e instanceof Error ? e.message : e)
  }
}

export interface CreateInput extends Span {
  /** A guardian names the child; a teacher asks for themself and leaves it out. */
  childSub?: string
  type: LeaveType
  reason: string
  /** An upload's id (POST /uploads) to attach as the doctor's note. */
  noteId?: string
}

export async function createRequest(ctx: AppContext, viewer: Viewer, input: CreateInput): Promise<{ id: number }> {
  if (viewer.userType === 'student') throw new AppError(403, LeaveMsg.STUDENT_CANNOT_ASK)
  const halfDays = checkSpan(input, chinaToday())
  let base: Omit<q.NewRequest, keyof Span | 'halfDays' | 'type' | 'reason'>
  if (viewer.userType === 'guardian') {
    if (!input.childSub) throw new AppError(400, '请选择孩子')
    const mine = await ctx.directory.childrenOf(viewer.sub)
    if (!mine.some((c) => c.sub === input.childSub)) throw new AppError(403, LeaveMsg.NOT_OWN_CHILD)
    const child = await ctx.directory.person(input.childSub)
    if (!child || child.classId === null) throw new AppError(400, '未找到孩子的班级，请联系学校')
    const cls = await ctx.directory.classOf(child.classId)
    if (!cls?.headTeacher) throw new AppError(400, LeaveMsg.NO_HEAD_TEACHER)
    base = {
      schoolId: child.schoolId,
      kind: 'student',
      personSub: child.sub,
      personName: child.name,
      classId: child.classId,
      requesterSub: viewer.sub,
      requesterName: viewer.name,
      chain: [{ kind: 'head_teacher', sub: cls.headTeacher }],
    }
  } else {
    if (input.childSub) throw new AppError(403, LeaveMsg.NOT_OWN_CHILD)
    const me = await ctx.directory.person(viewer.sub)
    const schoolId = me?.schoolId ?? viewer.orgId
    const setting = await q.getSetting(ctx.db, schoolId)
    const chain = teacherChain({
      requester: viewer.sub,
      departmentHead: me?.departmentId ? await q.departmentHead(ctx.db, schoolId, me.departmentId) : null,
      leader: setting?.leader_sub ?? null,
      halfDays,
      thresholdHalfDays: setting?.threshold_half_days ?? 6,
    })
    base = {
      schoolId,
      kind: 'teacher',
      personSub: viewer.sub,
      personName: me?.name ?? viewer.name,
      classId: null,
      requesterSub: viewer.sub,
      requesterName: viewer.name,
      chain,
    }
  }
  const row: q.NewRequest = {
    ...base,
    startDate: input.startDate,
    startHalf: input.startHalf,
    endDate: input.endDate,
    endHalf: input.endHalf,
    halfDays,
    type: input.type,
    reason: input.reason,
  }
  const id = await ctx.db.tx(async (tx) => {
    await q.lockPerson(tx, row.personSub)
    if ((await q.findOverlap(tx, row.personSub, row)) !== null) throw new AppError(400, LeaveMsg.OVERLAP)
    const note = input.noteId ? await q.takeUpload(tx, input.noteId, viewer.sub) : null
    if (input.noteId && !note) throw new AppError(400, LeaveMsg.UPLOAD_GONE)
    const newId = await q.insertRequest(tx, row)
    if (note) await q.insertNote(tx, newId, note.mime, note.data)
    return newId
  })
  const look = lookups(ctx)
  const first = row.chain[0]
  await afterCommit('notify', () => notifyApprover(ctx, row, first, id, look))
  await refreshBadges(ctx)
  return { id }
}

async function notifyApprover(ctx: AppContext, r: q.NewRequest, step: ChainStep, id: number, look: Lookups) {
  const who =
    r.kind === 'student'
      ? `${r.requesterName}为${r.personName}（${await look.className({ kind: 'student', class_id: r.classId })}）`
      : `${r.personName}老师`
  await ctx.hub.notify({
    to: [step.sub],
    title: '待审批的请假申请',
    content: `${who}申请${TYPE_LABEL[r.type]}：${describeSpan(r)}，共${daysOf(r.halfDays)}天。事由：${r.reason}`,
    link: link(ctx, id),
  })
}

export async function decideRequest(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  input: { approved: boolean; comment: string },
): Promise<{ status: RequestRow['status'] }> {
  const look = lookups(ctx)
  // The directory is read before the transaction (the mirror shares the database: PGlite has one connection).
  const seen = await q.getRequest(ctx.db, id)
  if (!seen) throw new AppError(404, LeaveMsg.NOT_FOUND)
  const headNow = seen.kind === 'student' && (await look.classOf(seen.class_id))?.headTeacher === viewer.sub
  const outcome = await ctx.db.tx(async (tx) => {
    const r = await q.lockRequest(tx, id)
    if (!r) throw new AppError(404, LeaveMsg.NOT_FOUND)
    const inChain = r.chain.findIndex((s) => s.sub === viewer.sub)
    if (!headNow && inChain < 0) throw new AppError(403, LeaveMsg.NOT_YOUR_DECISION)
    if (r.status !== 'pending') throw new AppError(400, LeaveMsg.DECIDED)
    // A teacher's chain: an earlier step's approver has decided already; a later one must wait for their turn.
    if (r.kind === 'teacher' && inChain < r.step) throw new AppError(400, LeaveMsg.DECIDED)
    if (r.kind === 'teacher' && r.chain[r.step].sub !== viewer.sub) throw new AppError(403, '尚未轮到您审批此申请')
    if (r.kind === 'student' && !headNow) throw new AppError(403, LeaveMsg.NOT_YOUR_DECISION)
    await q.insertDecision(tx, {
      requestId: r.id,
      step: r.step,
      kind: r.chain[r.step]?.kind ?? 'head_teacher',
      approverSub: viewer.sub,
      approverName: viewer.name,
      approved: input.approved,
      comment: input.comment,
    })
    const next = input.approved && r.step + 1 < r.chain.length ? r.step + 1 : null
    const status = !input.approved ? 'rejected' : next !== null ? 'pending' : 'approved'
    await q.updateRequestState(tx, r.id, status, next ?? r.step)
    return { r, status, next } as const
  })
  const { r, status, next } = outcome
  const asked: q.NewRequest = {
    ...spanOf(r),
    schoolId: r.school_id,
    kind: r.kind,
    personSub: r.person_sub,
    personName: r.person_name,
    classId: r.class_id,
    requesterSub: r.requester_sub,
    requesterName: r.requester_name,
    halfDays: r.half_days,
    type: r.type,
    reason: r.reason,
    chain: r.chain,
  }
  if (next !== null) await afterCommit('notify', () => notifyApprover(ctx, asked, r.chain[next], r.id, look))
  else
    await afterCommit('notify', () =>
      ctx.hub.notify({
        to: [r.requester_sub],
        title: status === 'approved' ? '请假申请已批准' : '请假申请未批准',
        content:
          `${r.kind === 'student' ? r.person_name : '您'}${describeSpan(spanOf(r))}（共${daysOf(r.half_days)}天）的` +
          `${TYPE_LABEL[r.type]}申请${status === 'approved' ? '已批准' : '未获批准'}。` +
          `审批意见：${input.comment || '无'}（${viewer.name}）`,
        link: link(ctx, r.id),
      }),
    )
  await refreshBadges(ctx)
  return { status }
}

export async function cancelRequest(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const seen = await q.getRequest(ctx.db, id)
  if (!seen) throw new AppError(404, LeaveMsg.NOT_FOUND)
  if (seen.requester_sub !== viewer.sub) {
    const a = await accessOf(ctx, viewer, seen, lookups(ctx))
    throw new AppError(403, a.view ? LeaveMsg.NOT_YOUR_CANCEL : LeaveMsg.NOT_YOURS)
  }
  await ctx.db.tx(async (tx) => {
    const r = await q.lockRequest(tx, id)
    if (!r) throw new AppError(404, LeaveMsg.NOT_FOUND)
    if (r.status !== 'pending') throw new AppError(400, LeaveMsg.DECIDED)
    await q.updateRequestState(tx, r.id, 'cancelled', r.step)
  })
  await refreshBadges(ctx)
}

/** The viewer's own requests: a guardian's for their children, a student's about them, a teacher's for themself. */
export async function listMine(ctx: AppContext, viewer: Viewer): Promise<RequestView[]> {
  const persons =
    viewer.userType === 'guardian' ? (await ctx.directory.childrenOf(viewer.sub)).map((c) => c.sub) : [viewer.sub]
  const rows = await q.listMine(ctx.db, viewer.userType === 'student' ? '' : viewer.sub, persons)
  return viewsOf(ctx, viewer, rows)
}

async function viewsOf(ctx: AppContext, viewer: Viewer, rows: RequestRow[]): Promise<RequestView[]> {
  const look = lookups(ctx)
  return Promise.all(rows.map(async (r) => viewOf(r, await accessOf(ctx, viewer, r, look), look)))
}

const headClasses = async (ctx: AppContext, viewer: Viewer) =>
  viewer.userType === 'staff'
    ? (await ctx.directory.classesTaughtBy(viewer.sub)).filter((c) => c.isHead).map((c) => c.classId)
    : []

/** 待我审批: students' requests of the classes the viewer heads, teachers' requests at the viewer's step. */
export async function listPending(ctx: AppContext, viewer: Viewer): Promise<RequestView[]> {
  if (viewer.userType !== 'staff') return []
  const rows = await q.listPending(ctx.db, await headClasses(ctx, viewer), viewer.sub)
  return viewsOf(ctx, viewer, rows)
}

export async function getDetail(ctx: AppContext, viewer: Viewer, id: number): Promise<RequestDetail> {
  const r = await q.getRequest(ctx.db, id)
  if (!r) throw new AppError(404, LeaveMsg.NOT_FOUND)
  const look = lookups(ctx)
  const a = await accessOf(ctx, viewer, r, look)
  if (!a.view) throw new AppError(403, LeaveMsg.NOT_YOURS)
  const decisions = await q.decisionsOf(ctx.db, id)
  const steps: StepView[] = await Promise.all(
    r.chain.map(async (s, i) => {
      const d = decisions.find((x) => x.step === i)
      return {
        kind: s.kind,
        label: STEP_LABEL[s.kind],
        name: d ? d.approver_name : await look.nameOf((i === r.step && (await look.approverOf(r))) || s.sub),
        approved: d ? d.approved : null,
        comment: d?.comment ?? '',
        at: d ? iso(d.decided_at) : null,
      }
    }),
  )
  return { ...(await viewOf(r, a, look)), steps, canSeeNote: a.note && r.has_note }
}

export async function getNote(ctx: AppContext, viewer: Viewer, id: number): Promise<{ mime: string; data: Buffer }> {
  const r = await q.getRequest(ctx.db, id)
  if (!r) throw new AppError(404, LeaveMsg.NOT_FOUND)
  const a = await accessOf(ctx, viewer, r, lookups(ctx))
  if (!a.note) throw new AppError(403, '无权查看病假条')
  const note = await q.getNote(ctx.db, id)
  if (!note) throw new AppError(404, '该申请没有病假条')
  return { mime: note.mime, data: Buffer.from(note.data) }
}

/** Keeps an upload for a request about to be sent; checked by its magic bytes, never its name or declared type. */
export async function uploadNote(ctx: AppContext, viewer: Viewer, bytes: Buffer): Promise<{ id: string }> {
  if (viewer.userType === 'student') throw new AppError(403, LeaveMsg.STUDENT_CANNOT_ASK)
  const mime = bytes.length <= MAX_NOTE_BYTES ? imageTypeOf(bytes) : null
  if (!mime) throw new AppError(400, LeaveMsg.BAD_IMAGE)
  const id = randomUUID()
  await q.purgeUploads(ctx.db)
  if ((await q.countUploads(ctx.db, viewer.sub)) >= MAX_WAITING_UPLOADS)
    throw new AppError(400, '上传的图片过多，请先提交申请或明天再试')
  await q.insertUpload(ctx.db, id, viewer.sub, mime, bytes)
  return { id }
}

export interface TodayEntry {
  id: number
  personName: string
  className: string
  typeLabel: string
  /** 全天 / 上午 / 下午 today. */
  part: string
  span: string
}

/** 今日请假: students of the classes the viewer heads on approved leave some part of today. */
export async function today(ctx: AppContext, viewer: Viewer): Promise<{ date: string; entries: TodayEntry[] }> {
  const date = chinaToday()
  const classes = await headClasses(ctx, viewer)
  const look = lookups(ctx)
  const entries: TodayEntry[] = []
  for (const r of await q.listApprovedOn(ctx.db, classes, date)) {
    const part = partOfDay(spanOf(r), date)
    if (!part) continue
    entries.push({
      id: r.id,
      personName: r.person_name,
      className: await look.className(r),
      typeLabel: TYPE_LABEL[r.type],
      part: part === 'full' ? '全天' : part === 'am' ? '上午' : '下午',
      span: describeSpan(spanOf(r)),
    })
  }
  return { date, entries }
}

function requireAdmin(viewer: Viewer): number {
  if (!viewer.isAdmin) throw new AppError(403, LeaveMsg.ADMIN_ONLY)
  return viewer.orgId
}

function rangeOf(from?: string, to?: string): { from: string; to: string } {
  const month = monthOf(chinaToday())
  const range = { from: from || month.from, to: to || month.to }
  checkRange(range.from, range.to)
  return range
}

/** 请假统计: the school's approved leave in the range (default this month), by day, class and type. */
export async function stats(ctx: AppContext, viewer: Viewer, from?: string, to?: string): Promise<LeaveStats> {
  const schoolId = requireAdmin(viewer)
  const range = rangeOf(from, to)
  const rows = await q.listSchoolRange(ctx.db, schoolId, range.from, range.to, true)
  const look = lookups(ctx)
  const statRows = await Promise.all(
    rows.map(async (r) => ({ ...spanOf(r), type: r.type, classId: r.class_id, className: await look.className(r) })),
  )
  return summarize(statRows, range.from, range.to)
}

/**
 * Text a spreadsheet would run as a formula (= + - @, tab, CR at the start) gets the leading apostrophe that marks it
 * as text, as the portal's own exports do (docs/people.md, "Formulas in Excel files").
 */
const asText = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v)

/** The range's requests of every status as a real .xlsx (sheet 请假统计). */
export async function exportXlsx(
  ctx: AppContext,
  viewer: Viewer,
  from?: string,
  to?: string,
): Promise<{ fileName: string; data: Buffer }> {
  const schoolId = requireAdmin(viewer)
  const range = rangeOf(from, to)
  const rows = await q.listSchoolRange(ctx.db, schoolId, range.from, range.to, false)
  const look = lookups(ctx)
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('请假统计')
  sheet.columns = [
    { header: '姓名', key: 'name', width: 12 },
    { header: '班级', key: 'class', width: 16 },
    { header: '类型', key: 'type', width: 8 },
    { header: '开始', key: 'from', width: 16 },
    { header: '结束', key: 'to', width: 16 },
    { header: '天数', key: 'days', width: 8 },
    { header: '状态', key: 'status', width: 10 },
    { header: '事由', key: 'reason', width: 30 },
  ]
  sheet.getRow(1).font = { bold: true }
  for (const r of rows)
    sheet.addRow({
      name: asText(r.person_name),
      class: asText(await look.className(r)),
      type: TYPE_LABEL[r.type],
      from: `${r.start_date} ${r.start_half === 'am' ? '上午' : '下午'}`,
      to: `${r.end_date} ${r.end_half === 'am' ? '上午' : '下午'}`,
      days: daysOf(r.half_days),
      status: STATUS_LABEL[r.status],
      reason: asText(r.reason),
    })
  const data = Buffer.from(await book.xlsx.writeBuffer())
  return { fileName: `请假统计_${range.from}_${range.to}.xlsx`, data }
}

export interface SettingsView {
  leaderSub: string | null
  thresholdDays: number
  departments: { id: number; name: string; headSub: string | null }[]
  teachers: { sub: string; name: string; departmentName: string | null }[]
}

export async function getSettings(ctx: AppContext, viewer: Viewer): Promise<SettingsView> {
  const schoolId = requireAdmin(viewer)
  const teachers = await ctx.directory.teachersOf(schoolId)
  const setting = await q.getSetting(ctx.db, schoolId)
  const heads = new Map((await q.departmentHeads(ctx.db, schoolId)).map((h) => [h.department_id, h.head_sub]))
  const departments = new Map<number, string>()
  for (const t of teachers)
    if (t.departmentId !== null) departments.set(t.departmentId, t.departmentName ?? '未命名部门')
  return {
    leaderSub: setting?.leader_sub ?? null,
    thresholdDays: daysOf(setting?.threshold_half_days ?? 6),
    departments: [...departments]
      .map(([id, name]) => ({ id, name, headSub: heads.get(id) ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN')),
    teachers: teachers
      .map((t) => ({ sub: t.sub, name: t.name, departmentName: t.departmentName }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN')),
  }
}

export async function saveSettings(
  ctx: AppContext,
  viewer: Viewer,
  input: { leaderSub: string | null; thresholdDays: number; heads: { departmentId: number; headSub: string | null }[] },
): Promise<void> {
  const schoolId = requireAdmin(viewer)
  const teachers = await ctx.directory.teachersOf(schoolId)
  const subs = new Set(teachers.map((t) => t.sub))
  const departments = new Set(teachers.flatMap((t) => (t.departmentId === null ? [] : [t.departmentId])))
  if (input.leaderSub !== null && !subs.has(input.leaderSub)) throw new AppError(400, '学校领导须为本校教师')
  const heads: { departmentId: number; headSub: string }[] = []
  for (const h of input.heads) {
    if (!departments.has(h.departmentId)) throw new AppError(400, '部门不存在')
    if (h.headSub === null) continue
    if (!subs.has(h.headSub)) throw new AppError(400, '部门负责人须为本校教师')
    heads.push({ departmentId: h.departmentId, headSub: h.headSub })
  }
  if (new Set(input.heads.map((h) => h.departmentId)).size !== input.heads.length)
    throw new AppError(400, '同一部门只能设置一位负责人')
  await ctx.db.tx(async (tx) => {
    await q.saveSetting(tx, schoolId, input.leaderSub, Math.round(input.thresholdDays * 2))
    await q.replaceDepartmentHeads(tx, schoolId, heads)
  })
}

export interface HomeView {
  userType: Viewer['userType']
  name: string
  isAdmin: boolean
  /** Guardians: the children they may ask leave for. */
  children: { sub: string; name: string; className: string }[]
  /** Staff: the classes they head (今日请假, 待我审批). */
  headOf: { id: number; name: string }[]
  canAsk: boolean
}

export async function home(ctx: AppContext, viewer: Viewer): Promise<HomeView> {
  const look = lookups(ctx)
  const children: HomeView['children'] = []
  if (viewer.userType === 'guardian')
    for (const c of await ctx.directory.childrenOf(viewer.sub)) {
      const p = await ctx.directory.person(c.sub)
      if (!p) continue
      const cls = await look.classOf(p.classId)
      children.push({ sub: p.sub, name: p.name, className: cls ? cls.label : '' })
    }
  const headOf: HomeView['headOf'] = []
  for (const id of await headClasses(ctx, viewer)) {
    const cls = await look.classOf(id)
    if (cls) headOf.push({ id, name: cls.label })
  }
  return {
    userType: viewer.userType,
    name: viewer.name,
    isAdmin: viewer.isAdmin,
    children,
    headOf,
    canAsk: viewer.userType !== 'student',
  }
}

/** One refresh at a time per database, so two writes' refreshes cannot send counts out of order. */
const refreshing = new WeakMap<object, Promise<void>>()

/**
 * Each approver's count of requests waiting for their decision, sent to the hub as the portal's red dot. A person
 * whose count fell to nothing gets a 0 once (the table of last sent counts remembers who had one).
 */
export function refreshBadges(ctx: AppContext): Promise<void> {
  const prev = refreshing.get(ctx.db) ?? Promise.resolve()
  const run = prev.then(() => afterCommit('badges', () => sendBadges(ctx)))
  refreshing.set(ctx.db, run)
  return run
}

async function sendBadges(ctx: AppContext): Promise<void> {
  const { byClass, byApprover } = await q.pendingCounts(ctx.db)
  const counts = new Map<string, number>()
  const add = (sub: string | null | undefined, n: number) => {
    if (sub) counts.set(sub, (counts.get(sub) ?? 0) + n)
  }
  for (const c of byClass) add((await ctx.directory.classOf(c.class_id))?.headTeacher, c.n)
  for (const a of byApprover) add(a.sub, a.n)
  const send = [...counts].map(([sub, count]) => ({ sub, count }))
  for (const p of await q.lastBadges(ctx.db)) if (!counts.has(p.sub)) send.push({ sub: p.sub, count: 0 })
  if (send.length === 0) return
  await ctx.hub.setBadges(send)
  await ctx.db.tx((tx) => q.saveBadges(tx, send))
}
