/**
 * A term's worth of leave for the demo school (第一实验小学), written straight into the app's tables with dates
 * relative to today, so a new user sees history, statistics and work waiting at once:
 * ~60 students' requests over the last three months across the classes with a 班主任 in the directory (at most six a
 * class; mostly approved, a few refused or cancelled), two approved ones
 * covering today, three pending in 张老师's class (never 王小明's: the journey asks a new one for him), the school's
 * 审批设置 and a few teachers' requests (one pending for the school leader). Names come from the directory mirror;
 * the choices come from a seeded generator, so every demo is the same.
 */
import type { AppContext, DirClass, DirPerson } from '../kit/types.js'
import * as q from './queries.js'
import {
  addDays,
  chinaToday,
  halfDays,
  overlaps,
  type ChainStep,
  type Half,
  type LeaveType,
  type Span,
} from './rules.js'

const HEAD_NAME = '张老师'
const NAMED_STUDENT = '王小明'

const REASONS: Record<LeaveType, string[]> = {
  sick: ['发烧就医', '感冒咳嗽，在家休息', '肠胃不适，去医院检查', '牙疼，去口腔医院', '过敏性鼻炎复诊', '扁桃体发炎'],
  personal: ['家中有事', '参加亲属婚礼', '回老家探望老人', '办理证件', '陪同家人就医'],
  other: ['参加区级比赛', '参加钢琴考级', '参加市少儿绘画展'],
}
const APPROVE_COMMENTS = ['同意，注意休息', '好的，按时返校', '同意，在家注意安全', '同意', '早日康复']
const REFUSE_COMMENTS = ['当天有期中测验，请改期', '请提供医院证明后重新申请', '事由不够具体，请补充后再申请']

/** A small deterministic generator (mulberry32): the same demo every time. */
function random(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  }
}

/** The demo school: the one whose class 张老师 heads, else the school with the most students. */
async function findSchool(ctx: AppContext, schoolIds: readonly number[]) {
  let best: { schoolId: number; classes: DirClass[]; teachers: DirPerson[]; students: number } | null = null
  for (const schoolId of schoolIds) {
    const classes = await ctx.directory.classesOf(schoolId)
    const teachers = await ctx.directory.teachersOf(schoolId)
    const zhang = teachers.find((t) => t.name === HEAD_NAME)
    if (zhang && classes.some((c) => c.headTeacher === zhang.sub)) return { schoolId, classes, teachers }
    let students = 0
    for (const c of classes) students += (await ctx.directory.studentsOf(c.id)).length
    if (!best || students > best.students) best = { schoolId, classes, teachers, students }
  }
  return best
}

export async function seedLeaveDemo(ctx: AppContext, schoolIds: readonly number[]): Promise<void> {
  if ((await q.countRequests(ctx.db)) > 0) return
  const school = await findSchool(ctx, schoolIds)
  if (!school) return
  const { schoolId, classes, teachers } = school
  const rnd = random(20261127)
  const today = chinaToday()
  const names = new Map(teachers.map((t) => [t.sub, t.name]))
  const zhang = teachers.find((t) => t.name === HEAD_NAME)
  const zhangClass = classes.find((c) => zhang && c.headTeacher === zhang.sub) ?? null
  const taken = new Map<string, Span[]>()
  const free = (sub: string, s: Span) => !(taken.get(sub) ?? []).some((t) => overlaps(t, s))
  const take = (sub: string, s: Span) => taken.set(sub, [...(taken.get(sub) ?? []), s])
  const stamp = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:${rnd.int(10, 59)}:00+08:00`

  interface Plan {
    student: DirPerson
    cls: DirClass
    span: Span
    status: 'pending' | 'approved' | 'rejected' | 'cancelled'
  }
  const plans: Plan[] = []
  const randomSpan = (startsIn: number): Span => {
    const startDate = addDays(today, startsIn)
    const startHalf: Half = rnd.next() < 0.7 ? 'am' : 'pm'
    const halves = rnd.pick([1, 2, 2, 2, 3, 4, 4, 6])
    const endSlot = (startHalf === 'pm' ? 1 : 0) + halves - 1
    return {
      startDate,
      startHalf,
      endDate: addDays(startDate, Math.floor(endSlot / 2)),
      endHalf: endSlot % 2 ? 'pm' : 'am',
    }
  }
  const studentsOf = new Map<number, DirPerson[]>()
  for (const c of classes) studentsOf.set(c.id, await ctx.directory.studentsOf(c.id))
  const withStudents = classes.filter((c) => (studentsOf.get(c.id)?.length ?? 0) > 0 && c.headTeacher)
  if (withStudents.length === 0) return

  // The last three months: mostly approved, a few refused or cancelled; 王小明 only approved and long past. About
  // sixty over the classes that have a 班主任 in the directory (only those can be asked), at most six a class.
  const perClass = Math.min(6, Math.max(1, Math.round(58 / withStudents.length)))
  for (let i = 0; i < perClass * withStudents.length; i++) {
    const cls = withStudents[i % withStudents.length]
    const student = rnd.pick(studentsOf.get(cls.id) ?? [])
    const span = randomSpan(-rnd.int(3, 92))
    if (span.endDate >= today || !free(student.sub, span)) continue
    const roll = rnd.next()
    const status =
      student.name === NAMED_STUDENT ? 'approved' : roll < 0.86 ? 'approved' : roll < 0.93 ? 'rejected' : 'cancelled'
    take(student.sub, span)
    plans.push({ student, cls, span, status })
  }
  // Two on leave today (in 张老师's class and another), for 今日请假.
  for (const cls of [zhangClass, withStudents.find((c) => c !== zhangClass)]) {
    const student = (studentsOf.get(cls?.id ?? -1) ?? []).find(
      (s) =>
        s.name !== NAMED_STUDENT && free(s.sub, { startDate: today, startHalf: 'am', endDate: today, endHalf: 'pm' }),
    )
    if (!cls || !student) continue
    const span: Span = { startDate: addDays(today, -1), startHalf: 'am', endDate: addDays(today, 1), endHalf: 'pm' }
    take(student.sub, span)
    plans.push({ student, cls, span, status: 'approved' })
  }
  // 王小明 has two of his own in the history (approved, long past), whatever the draw above gave him.
  const xiaoming = zhangClass && (studentsOf.get(zhangClass.id) ?? []).find((s) => s.name === NAMED_STUDENT)
  if (zhangClass && xiaoming) {
    for (const back of [40, 75]) {
      const span: Span = {
        startDate: addDays(today, -back),
        startHalf: 'am',
        endDate: addDays(today, -back),
        endHalf: 'pm',
      }
      if (!free(xiaoming.sub, span)) continue
      take(xiaoming.sub, span)
      plans.push({ student: xiaoming, cls: zhangClass, span, status: 'approved' })
    }
  }
  // Three waiting for 张老师, in the days ahead, for students other than 王小明.
  if (zhangClass) {
    const others = (studentsOf.get(zhangClass.id) ?? []).filter((s) => s.name !== NAMED_STUDENT)
    for (let i = 0, n = 0; i < others.length && n < 3; i++) {
      const span = randomSpan(1 + n * 2)
      if (!free(others[i].sub, span)) continue
      take(others[i].sub, span)
      plans.push({ student: others[i], cls: zhangClass, span, status: 'pending' })
      n++
    }
  }

  // The directory is read before the transaction (the mirror shares the database: PGlite has one connection).
  const guardianOf = new Map<string, DirPerson | null>()
  for (const p of plans) {
    const guardians = await ctx.directory.guardiansOf(p.student.sub)
    guardianOf.set(p.student.sub, guardians.length ? await ctx.directory.person(guardians[0]) : null)
  }
  await ctx.db.tx(async (tx) => {
    for (const p of plans) {
      const guardian = guardianOf.get(p.student.sub) ?? null
      const type: LeaveType = rnd.next() < 0.55 ? 'sick' : rnd.next() < 0.85 ? 'personal' : 'other'
      const asked = addDays(p.span.startDate, -rnd.int(1, 3))
      const head = p.cls.headTeacher as string
      const id = await q.insertRequest(tx, {
        ...p.span,
        schoolId,
        kind: 'student',
        personSub: p.student.sub,
        personName: p.student.name,
        classId: p.cls.id,
        requesterSub: guardian?.sub ?? p.student.sub,
        requesterName: guardian?.name ?? `${p.student.name}家长`,
        halfDays: halfDays(p.span),
        type,
        reason: rnd.pick(REASONS[type]),
        chain: [{ kind: 'head_teacher', sub: head }],
        status: p.status,
        createdAt: stamp(asked, 7),
        decidedAt: p.status === 'pending' ? null : stamp(asked, 12),
      })
      if (p.status === 'approved' || p.status === 'rejected')
        await q.insertDecision(tx, {
          requestId: id,
          step: 0,
          kind: 'head_teacher',
          approverSub: head,
          approverName: names.get(head) ?? '班主任',
          approved: p.status === 'approved',
          comment: rnd.pick(p.status === 'approved' ? APPROVE_COMMENTS : REFUSE_COMMENTS),
          at: stamp(asked, 12),
        })
    }
    await seedTeachers(tx, { schoolId, teachers, zhang: zhang ?? null, today, rnd, stamp })
  })
}

/** 审批设置 (the 校长室's teacher leads; 数学 and 英语 教研组 have heads) and four teachers' requests. */
async function seedTeachers(
  tx: Parameters<Parameters<AppContext['db']['tx']>[0]>[0],
  o: {
    schoolId: number
    teachers: DirPerson[]
    zhang: DirPerson | null
    today: string
    rnd: ReturnType<typeof random>
    stamp: (date: string, hour: number) => string
  },
): Promise<void> {
  const { teachers, rnd } = o
  // The principal (孙校长, xxadmin) leads: by the 校长室 department, else by the title in the name.
  const leader =
    teachers.find((t) => t.departmentName === '校长室' && t.name.includes('校长')) ??
    teachers.find((t) => t.departmentName === '校长室') ??
    teachers.find((t) => t.name.endsWith('校长')) ??
    null
  await q.saveSetting(tx, o.schoolId, leader?.sub ?? null, 6)
  const heads: { departmentId: number; headSub: string; name: string }[] = []
  for (const dept of ['数学教研组', '英语教研组']) {
    const head = teachers.find((t) => t.departmentName === dept && t.departmentId !== null && t.sub !== o.zhang?.sub)
    if (head?.departmentId) heads.push({ departmentId: head.departmentId, headSub: head.sub, name: head.name })
  }
  await q.replaceDepartmentHeads(tx, o.schoolId, heads)
  if (!leader) return
  const headOf = (t: DirPerson) => heads.find((h) => h.departmentId === t.departmentId && h.headSub !== t.sub)
  const askers = teachers.filter(
    (t) => t.sub !== leader.sub && t.sub !== o.zhang?.sub && !heads.some((h) => h.headSub === t.sub),
  )
  const plans: { t: DirPerson; span: Span; type: LeaveType; reason: string; pending: boolean }[] = [
    { startsIn: -40, halves: 2, type: 'sick' as const, reason: '感冒发烧，去医院输液', pending: false },
    { startsIn: -21, halves: 1, type: 'personal' as const, reason: '孩子家长会', pending: false },
    { startsIn: -9, halves: 8, type: 'personal' as const, reason: '回老家处理家事', pending: false },
    { startsIn: 3, halves: 2, type: 'other' as const, reason: '参加区教研活动', pending: true },
  ].flatMap((p, i) => {
    // The pending one waits for the leader: a teacher of a department without a head.
    const t = p.pending ? askers.find((a) => !headOf(a)) : (askers.filter((a) => headOf(a))[i] ?? askers[i])
    if (!t) return []
    const startDate = addDays(o.today, p.startsIn)
    const endSlot = p.halves - 1
    const span: Span = {
      startDate,
      startHalf: 'am',
      endDate: addDays(startDate, Math.floor(endSlot / 2)),
      endHalf: endSlot % 2 ? 'pm' : 'am',
    }
    return [{ t, span, type: p.type, reason: p.reason, pending: p.pending }]
  })
  for (const p of plans) {
    const head = headOf(p.t)
    const halves = halfDays(p.span)
    const chain: ChainStep[] = []
    if (head) chain.push({ kind: 'department', sub: head.headSub })
    if (!head || halves > 6) chain.push({ kind: 'leader', sub: leader.sub })
    const asked = addDays(p.span.startDate, -2)
    const id = await q.insertRequest(tx, {
      ...p.span,
      schoolId: o.schoolId,
      kind: 'teacher',
      personSub: p.t.sub,
      personName: p.t.name,
      classId: null,
      requesterSub: p.t.sub,
      requesterName: p.t.name,
      halfDays: halves,
      type: p.type,
      reason: p.reason,
      chain,
      status: p.pending ? 'pending' : 'approved',
      step: p.pending ? 0 : chain.length - 1,
      createdAt: o.stamp(asked, 8),
      decidedAt: p.pending ? null : o.stamp(asked, 16),
    })
    if (p.pending) continue
    for (const [step, s] of chain.entries())
      await q.insertDecision(tx, {
        requestId: id,
        step,
        kind: s.kind,
        approverSub: s.sub,
        approverName: s.sub === leader.sub ? leader.name : (heads.find((h) => h.headSub === s.sub)?.name ?? ''),
        approved: true,
        comment: rnd.pick(['同意', '同意，请安排好代课', '同意，注意身体']),
        at: o.stamp(asked, 10 + step * 3),
      })
  }
}
