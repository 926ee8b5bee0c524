import {
  classSizeBand,
  CLASS_SIZE_BANDS,
  ErrorCode,
  INTAKE_MAX_CLASS_SIZE,
  IntakeMsg,
  isSchoolUnit,
  maskIdCard,
  PERIOD_YEARS,
  schoolYearOf,
  schoolYearStart,
  UserType,
  type AdmitBody,
  type FeederBody,
  type FeederRow,
  type GraduateRow,
  type IntakeGrade,
  type PlacementApplyBody,
  type PlacementMoveBody,
  type PlacementPreview,
  type UnplacedRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { insertMembers, unitAttrOf } from '../people/members.js'
import * as q from './queries.js'

const toDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })

// ---- feeder schools (the bureau's; the routes are tenant-wide, so only the top org's sessions write) ----

const feederOut = (r: Awaited<ReturnType<typeof q.listFeeders>>[number]): FeederRow => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
})

export function listFeeders(ctx: AppContext, auth: AuthInfo): Promise<FeederRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => (await q.listFeeders(trx)).map(feederOut))
}

/** A school's own feeder schools (its intake page). */
export function myFeeders(ctx: AppContext, auth: AuthInfo): Promise<FeederRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => (await q.listFeeders(trx, auth.orgId)).map(feederOut))
}

/** Both schools of the tenant (RLS hides a foreign tenant's org, which is then "not a school of the district"). */
async function schoolPair(trx: Trx, b: FeederBody) {
  if (b.fromOrgId === b.toOrgId) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.SAME_SCHOOL)
  const [from, to] = await Promise.all([q.findOrg(trx, b.fromOrgId), q.findOrg(trx, b.toOrgId)])
  if (!from || !to || !isSchoolUnit(from.unit_attr) || !isSchoolUnit(to.unit_attr))
    throw refused(ErrorCode.NOT_FOUND, IntakeMsg.NOT_SCHOOL)
  return { from, to }
}

export function addFeeder(ctx: AppContext, auth: AuthInfo, b: FeederBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { from, to } = await schoolPair(trx, b)
    if (!(await q.insertFeeder(trx, from.id, to.id))) throw refused(ErrorCode.CONFLICT, IntakeMsg.FEEDER_EXISTS)
    await recordOp(trx, auth, { module: '对口学校', action: '新增', target: `${from.name} → ${to.name}` })
  })
}

export function removeFeeder(ctx: AppContext, auth: AuthInfo, b: FeederBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { from, to } = await schoolPair(trx, b)
    if (!(await q.deleteFeeder(trx, from.id, to.id))) throw refused(ErrorCode.NOT_FOUND, IntakeMsg.FEEDER_MISSING)
    await recordOp(trx, auth, { module: '对口学校', action: '删除', target: `${from.name} → ${to.name}` })
  })
}

// ---- the intake grade ----

export interface IntakeGradeInfo {
  orgId: number
  gradeId: number
  gradeName: string
  entryYear: number
  schoolYear: string
  period: string | null
}

/**
 * The caller's school and its intake grade. Intake acts on the caller's own school only: a school admin never names
 * another school, and a bureau session has no intake grade (it is not a school).
 */
export async function intakeGradeOf(ctx: AppContext, trx: Trx, orgId: number): Promise<IntakeGradeInfo> {
  const org = await q.findOrg(trx, orgId)
  if (!org || !isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_SCHOOL)
  const current = schoolYearStart(schoolYearOf(toDay(ctx.clock.now())))
  const g = await q.findIntakeGrade(trx, orgId, current)
  if (!g) throw notFound(IntakeMsg.NO_GRADE)
  return {
    orgId,
    gradeId: g.id,
    gradeName: g.name,
    entryYear: g.entry_year,
    schoolYear: `${g.entry_year}-${g.entry_year + 1}`,
    period: g.period ?? null,
  }
}

export function gradeSummary(ctx: AppContext, auth: AuthInfo): Promise<IntakeGrade> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await intakeGradeOf(ctx, trx, auth.orgId)
    const classes = await q.classCounts(trx, g.gradeId)
    const students = await q.intakeStudents(trx, g.orgId, g.gradeId, g.schoolYear)
    return {
      gradeId: g.gradeId,
      gradeName: g.gradeName,
      entryYear: g.entryYear,
      schoolYear: g.schoolYear,
      period: g.period,
      classes,
      unplaced: students.filter((s) => s.class_id === null).length,
    }
  })
}

// ---- feeder schools' graduates ----

/** The learn period of a feeder's grade: its own (dictionary learnPeriod), else what the school's kind implies. */
const periodOf = (gradePeriod: string | null, unitAttr: number): string =>
  gradePeriod && PERIOD_YEARS[gradePeriod] ? gradePeriod : unitAttr === 9 ? '初中' : '小学'

/**
 * Feeder graduates: students of the feeder schools whose grade is in the last year of its period in the year just
 * closing (a 小学's 六年级 entered six years before this intake), or whose enrolment of that year says graduated.
 */
async function graduatesOf(trx: Trx, g: IntakeGradeInfo) {
  const feeders = await q.listFeeders(trx, g.orgId)
  if (!feeders.length) return []
  const closingYear = `${g.entryYear - 1}-${g.entryYear}`
  const finalEntry = (period: string) => g.entryYear - (PERIOD_YEARS[period] ?? 6)
  const rows = await q.feederGraduates(
    trx,
    feeders.map((f) => f.fromOrgId),
    [...new Set(Object.keys(PERIOD_YEARS).map(finalEntry))],
    closingYear,
  )
  return rows.filter(
    (r) => !!r.graduated || (!r.archived && r.entry_year === finalEntry(periodOf(r.period, r.unit_attr))),
  )
}

export function listGraduates(ctx: AppContext, auth: AuthInfo): Promise<GraduateRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await intakeGradeOf(ctx, trx, auth.orgId)
    const rows = await graduatesOf(trx, g)
    const here = new Set(
      (
        await q.accountsInOrg(
          trx,
          g.orgId,
          rows.map((r) => r.account_id),
        )
      ).map((m) => m.account_id),
    )
    // Names and 学号 identify the child to the school; the ID card leaves masked (the field policy).
    return rows.map((r) => ({
      userInfoId: r.id,
      trueName: r.true_name,
      jobNo: r.job_no,
      sex: r.sex,
      idCard: r.id_card ? maskIdCard(r.id_card) : null,
      schoolName: r.school_name,
      className: r.class_name,
      admitted: here.has(r.account_id),
    }))
  })
}

/**
 * Admits chosen graduates: each keeps their account and person (one person per tenant) and gets a student membership
 * of this school with an intake enrolment row of the intake grade; their parents get a parent membership here (the
 * same accounts) and the links follow. All or nothing: one chosen student who is not a feeder graduate, or already a
 * member here, refuses the whole call.
 */
export function admitGraduates(ctx: AppContext, auth: AuthInfo, b: AdmitBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await intakeGradeOf(ctx, trx, auth.orgId)
    // The grade's lock orders two admissions (two admins, a double click): the second sees the first's members.
    await q.lockGrade(trx, g.gradeId)
    const ids = [...new Set(b.userInfoIds)]
    const byId = new Map((await graduatesOf(trx, g)).map((r) => [r.id, r]))
    const chosen = ids.map((id) => byId.get(id))
    if (chosen.some((c) => !c)) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_GRADUATE)
    const students = chosen as NonNullable<(typeof chosen)[number]>[]
    const existing = await q.accountsInOrg(
      trx,
      g.orgId,
      students.map((s) => s.account_id),
    )
    const taken = students.find((s) => existing.some((e) => e.account_id === s.account_id))
    if (taken) throw refused(ErrorCode.CONFLICT, IntakeMsg.alreadyHere(taken.true_name))
    const attrs = await unitAttrOf(trx, g.orgId)
    const newIds = await insertMembers(
      trx,
      auth.tenantId,
      '',
      students.map((s) => ({
        orgId: g.orgId,
        userType: UserType.STUDENT,
        trueName: s.true_name,
        userName: '',
        phone: null,
        accountId: s.account_id,
        jobNo: s.job_no,
        enteredOn: `${g.entryYear}-09-01`,
      })),
      attrs,
    )
    const closingYear = `${g.entryYear - 1}-${g.entryYear}`
    const previous = await Promise.all(students.map((s) => q.graduatedRowOf(trx, s.id, closingYear)))
    await q.insertEnrolments(
      trx,
      newIds.map((id, i) => ({
        user_info_id: id,
        school_year: g.schoolYear,
        org_id: g.orgId,
        grade_id: g.gradeId,
        started_on: `${g.entryYear}-09-01`,
        previous_id: previous[i]?.id ?? null,
      })),
    )
    await followParents(
      trx,
      auth.tenantId,
      g.orgId,
      attrs,
      students.map((s, i) => ({ from: s.id, to: newIds[i]! })),
    )
    await recordOp(trx, auth, {
      module: '新生入学',
      action: '录取对口小学毕业生',
      target: `${g.gradeName} ${students.length}人`,
      detail: { count: students.length },
      important: true,
    })
    return students.length
  })
}

/**
 * Each admitted child's parents become parents here too (their own accounts; a membership made once per parent) and
 * are linked to the new membership. A parent who is already staff of this school cannot also be its parent member
 * (one membership per account and org): that link is skipped, and the school binds the parent by hand if needed.
 */
async function followParents(
  trx: Trx,
  tenantId: number,
  orgId: number,
  attrs: Map<number, number>,
  moves: { from: number; to: number }[],
): Promise<void> {
  const links = await q.parentsOfChildren(
    trx,
    moves.map((m) => m.from),
  )
  if (!links.length) return
  const toOf = new Map(moves.map((m) => [m.from, m.to]))
  const accounts = [...new Set(links.map((l) => l.account_id))]
  const here = new Map((await q.accountsInOrg(trx, orgId, accounts)).map((m) => [m.account_id, m]))
  const fresh = accounts.filter((a) => !here.has(a))
  const first = new Map(links.map((l) => [l.account_id, l] as const))
  const made = await insertMembers(
    trx,
    tenantId,
    '',
    fresh.map((a) => ({
      orgId,
      userType: UserType.PARENT,
      trueName: first.get(a)!.true_name,
      userName: '',
      phone: first.get(a)!.phone,
      accountId: a,
    })),
    attrs,
  )
  const parentOf = new Map<number, number>()
  fresh.forEach((a, i) => parentOf.set(a, made[i]!))
  for (const [a, m] of here) if (m.user_type === UserType.PARENT) parentOf.set(a, m.id)
  for (const l of links) {
    const parentId = parentOf.get(l.account_id)
    if (parentId !== undefined) await q.insertParentLink(trx, parentId, toOf.get(l.child_id)!, l.relation)
  }
}

// ---- 分班 ----

export function listIntakeStudents(ctx: AppContext, auth: AuthInfo): Promise<UnplacedRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await intakeGradeOf(ctx, trx, auth.orgId)
    const rows = await q.intakeStudents(trx, g.orgId, g.gradeId, g.schoolYear)
    return rows.map((r) => ({
      userInfoId: r.id,
      trueName: r.true_name,
      jobNo: r.job_no,
      sex: r.sex,
      classId: r.class_id,
    }))
  })
}

interface Counted {
  id: number
  name: string
  boys: number
  girls: number
  total: number
}
interface Student {
  id: number
  true_name: string
  sex: number | null
}

/**
 * The balanced split: boys first, then girls, then students of unknown sex, each to the class with the fewest
 * students so far, ties broken by the fewest of the student's sex, then by class order. Totals then differ by at most
 * one (when the classes start level) and each sex is spread as evenly as the totals allow: 7 boys and 8 girls over two
 * empty classes give 4 boys 4 girls and 3 boys 4 girls.
 */
export function balancedSplit(classes: Counted[], students: Student[]): Map<number, number> {
  const state = classes.map((c, i) => ({ ...c, order: i }))
  const out = new Map<number, number>()
  const bySex = (s: number | null) => students.filter((x) => x.sex === s)
  const queue = [...bySex(0), ...bySex(1), ...students.filter((x) => x.sex !== 0 && x.sex !== 1)]
  for (const s of queue) {
    const own = (c: (typeof state)[number]) => (s.sex === 0 ? c.boys : s.sex === 1 ? c.girls : 0)
    const best = state.reduce((a, c) => (c.total < a.total || (c.total === a.total && own(c) < own(a)) ? c : a))
    best.total++
    if (s.sex === 0) best.boys++
    else if (s.sex === 1) best.girls++
    out.set(s.id, best.id)
  }
  return out
}

function bandOf(size: number, period: string | null) {
  const band = classSizeBand(size, period)
  return { band, bandLabel: band ? (CLASS_SIZE_BANDS.find((b) => b.key === band)?.label ?? null) : null }
}

async function placementState(ctx: AppContext, trx: Trx, auth: AuthInfo) {
  const g = await intakeGradeOf(ctx, trx, auth.orgId)
  const classes = await q.classCounts(trx, g.gradeId)
  if (!classes.length) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NO_CLASSES)
  const students = await q.intakeStudents(trx, g.orgId, g.gradeId, g.schoolYear)
  return { g, classes, students }
}

export function previewPlacement(ctx: AppContext, auth: AuthInfo): Promise<PlacementPreview> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { g, classes, students } = await placementState(ctx, trx, auth)
    const unplaced = students.filter((s) => s.class_id === null)
    if (!unplaced.length) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOTHING_TO_PLACE)
    const plan = balancedSplit(classes, unplaced)
    const out = classes.map((c) => {
      const mine = unplaced.filter((s) => plan.get(s.id) === c.id)
      const addBoys = mine.filter((s) => s.sex === 0).length
      const addGirls = mine.filter((s) => s.sex === 1).length
      const after = c.total + mine.length
      return { ...c, addBoys, addGirls, after, ...bandOf(after, g.period) }
    })
    const over = out.find((c) => c.after > INTAKE_MAX_CLASS_SIZE)
    return {
      classes: out,
      assignments: unplaced.map((s) => ({
        userInfoId: s.id,
        trueName: s.true_name,
        sex: s.sex,
        classId: plan.get(s.id)!,
      })),
      refusal: over ? IntakeMsg.tooBig(over.name, over.after) : null,
    }
  })
}

/**
 * Places the previewed students in one transaction: every one must be an unplaced student of the intake grade and
 * every class a live class of it; a student placed meanwhile (a second run, another admin) refuses the whole call, as
 * does a class that would pass INTAKE_MAX_CLASS_SIZE.
 */
export function applyPlacement(ctx: AppContext, auth: AuthInfo, b: PlacementApplyBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g0 = await intakeGradeOf(ctx, trx, auth.orgId)
    await q.lockGrade(trx, g0.gradeId)
    const { g, classes, students } = await placementState(ctx, trx, auth)
    const ids = [...new Set(b.assignments.map((a) => a.userInfoId))]
    if (ids.length !== b.assignments.length) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_INTAKE_STUDENT)
    const mine = new Map(students.map((s) => [s.id, s]))
    for (const a of b.assignments) {
      const s = mine.get(a.userInfoId)
      if (!s) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_INTAKE_STUDENT)
      if (s.class_id !== null) throw refused(ErrorCode.CONFLICT, IntakeMsg.PLACED_MEANWHILE)
      if (!classes.some((c) => c.id === a.classId)) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_INTAKE_CLASS)
    }
    for (const c of classes) {
      const after = c.total + b.assignments.filter((a) => a.classId === c.id).length
      if (after > INTAKE_MAX_CLASS_SIZE) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.tooBig(c.name, after))
    }
    await q.lockStudents(trx, ids)
    let placed = 0
    for (const c of classes) {
      const these = b.assignments.filter((a) => a.classId === c.id).map((a) => a.userInfoId)
      const n = await q.placeUnplaced(trx, these, c.id)
      // The grade lock makes this unreachable between two placements, but a manual move elsewhere could race it.
      if (n !== these.length) throw refused(ErrorCode.CONFLICT, IntakeMsg.PLACED_MEANWHILE)
      await q.setEnrolmentClass(trx, these, g.gradeId, g.schoolYear, c.id)
      placed += n
    }
    await recordOp(trx, auth, {
      module: '新生入学',
      action: '分班',
      target: `${g.gradeName} ${placed}人`,
      detail: { count: placed },
      important: true,
    })
    return placed
  })
}

/** Moves one student of the intake grade to another class of it (placed or not). */
export function moveOne(ctx: AppContext, auth: AuthInfo, b: PlacementMoveBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g0 = await intakeGradeOf(ctx, trx, auth.orgId)
    await q.lockGrade(trx, g0.gradeId)
    const { g, classes, students } = await placementState(ctx, trx, auth)
    const s = students.find((x) => x.id === b.userInfoId)
    if (!s) throw refused(ErrorCode.NOT_FOUND, IntakeMsg.NOT_INTAKE_STUDENT)
    const c = classes.find((x) => x.id === b.classId)
    if (!c) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.NOT_INTAKE_CLASS)
    if (s.class_id === c.id) return
    if (c.total + 1 > INTAKE_MAX_CLASS_SIZE) throw refused(ErrorCode.BAD_REQUEST, IntakeMsg.tooBig(c.name, c.total + 1))
    await q.moveStudent(trx, s.id, c.id)
    await q.setEnrolmentClass(trx, [s.id], g.gradeId, g.schoolYear, c.id)
    await recordOp(trx, auth, { module: '新生入学', action: '调整班级', target: `${s.true_name} → ${c.name}` })
  })
}
