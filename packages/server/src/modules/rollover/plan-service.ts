import { districtSchools } from '../school-year/schools-queries.js'
import {
  chinaDay,
  ErrorCode,
  nextSchoolYear,
  ROLLOVER_MANAGE_PERMISSION,
  RolloverMsg,
  schoolYearOf,
  type RolloverCreateBody,
  type RolloverCurrent,
  type RolloverException,
  type RolloverIntakeBody,
  type RolloverPlan,
  type RolloverPlanBody,
  type RolloverPreview,
  type RolloverRepeatBody,
  type RolloverReportBody,
  type RolloverReportRow,
  type RolloverSchoolBody,
  type RolloverSchoolRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { isTopOrg, subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import {
  approvePlanRow,
  findPlan,
  findSchool,
  findStudent,
  insertPlan,
  insertPlanSchools,
  latestPlan,
  lockPlan,
  markRepeatRow,
  pageReport,
  planSchools,
  repeatersOf,
  unmarkRepeatRow,
  updateSchool,
  type PlanRow,
  type PlanSchoolRow,
} from './queries.js'
import { classSizeExceptions, fullClassName, planSchool, summaryOf, type SchoolPlan } from './school-plan.js'
import { feederOf, pendingTransfers, schoolClasses, schoolGrades, suspendedStudents } from './school-queries.js'

export const OP_MODULE = '学年结转'

/** The school year today is in (China's calendar day by the server's clock) and the one after it. */
function yearsNow(ctx: AppContext): { currentYear: string; nextYear: string } {
  const currentYear = schoolYearOf(chinaDay(ctx.clock.now()))
  return { currentYear, nextYear: nextSchoolYear(currentYear) }
}

/** The caller may create, approve, run and undo: the top org's member holding the manage code. */
async function canManage(trx: Trx, auth: AuthInfo): Promise<boolean> {
  if (!(await isTopOrg(trx, auth.orgId))) return false
  return (await loadGrants(trx, auth.userInfoId)).permissions.includes(ROLLOVER_MANAGE_PERMISSION)
}

/** The schools the caller reaches: their org and below (the whole tenant for the top org). */
const reach = (trx: Trx, auth: AuthInfo) => subtreeIds(trx, auth.orgId)

export async function loadPlan(trx: Trx, planId: number): Promise<PlanRow> {
  const plan = await findPlan(trx, planId)
  if (!plan) throw notFound(RolloverMsg.PLAN_NOT_FOUND)
  return plan
}

/** The school of the plan the caller may see (else 404, as a missing one: another school is not confirmed). */
async function schoolInReach(trx: Trx, auth: AuthInfo, planId: number, orgId: number) {
  const school = await findSchool(trx, planId, orgId)
  if (!school || !(await reach(trx, auth)).includes(orgId)) throw notFound(RolloverMsg.SCHOOL_NOT_IN_PLAN)
  return school
}

// ---- what a school's roll-over would do ------------------------------------------------------------------------

export interface SchoolView {
  plan: SchoolPlan
  repeaters: Awaited<ReturnType<typeof repeatersOf>>
  exceptions: RolloverException[]
}

/** A school's plan worked out now from its live grades, classes, repeaters, transfers and 休学 students. */
export async function viewSchool(
  trx: Trx,
  p: { id: number; from_year: string; to_year: string },
  orgId: number,
  intakeClasses: number | null,
): Promise<SchoolView> {
  const grades = await schoolGrades(trx, orgId)
  const classes = await schoolClasses(trx, orgId)
  const plan = planSchool(grades, classes, p.from_year, p.to_year, intakeClasses)
  const repeaters = await repeatersOf(trx, p.id, orgId)
  const where = new Map<number, string>()
  for (const m of [...plan.graduating, ...plan.moves])
    for (const c of m.classes) where.set(c.id, fullClassName(m.grade.name, c.name))
  const at = (classId: number | null) => (classId != null && where.get(classId)) || ''
  const exceptions: RolloverException[] = [
    ...repeaters.map((r) => ({
      kind: 'repeat' as const,
      userInfoId: r.id,
      classId: r.class_id,
      name: r.true_name,
      className: at(r.class_id),
      detail: '标记留级：留在原年级，编入下一届的同号班级',
    })),
    ...(await pendingTransfers(trx, orgId)).map((t) => ({
      kind: 'transfer' as const,
      userInfoId: t.user_info_id,
      classId: t.class_id,
      name: t.true_name,
      className: at(t.class_id),
      detail: `转学办理中（转入${t.to_name}）`,
    })),
    ...(await suspendedStudents(trx, orgId)).map((s) => ({
      kind: 'suspended' as const,
      userInfoId: s.id,
      classId: s.class_id,
      name: s.true_name,
      className: at(s.class_id),
      detail: '休学：保留学籍，不升级、不毕业',
    })),
    ...classSizeExceptions(plan),
  ]
  return { plan, repeaters, exceptions }
}

function schoolRow(s: PlanSchoolRow, live: SchoolView | null): RolloverSchoolRow {
  const summary = s.summary ??
    (live && summaryOf(live.plan, live.repeaters, live.exceptions.length)) ?? {
      promotedCohorts: 0,
      studentsPromoted: 0,
      graduates: 0,
      intakeGradeName: null,
      classesCarriedOver: 0,
      exceptions: 0,
    }
  return {
    orgId: Number(s.org_id),
    orgName: s.org_name,
    status: s.status,
    error: s.error,
    attempts: s.attempts,
    finishedAt: s.finished_at?.toISOString() ?? null,
    summary,
  }
}

/** The plan as the page shows it: the schools the caller reaches, each with its summary (worked out live until run). */
async function planView(trx: Trx, auth: AuthInfo, plan: PlanRow): Promise<RolloverPlan> {
  const orgIds = (await isTopOrg(trx, auth.orgId)) ? undefined : await reach(trx, auth)
  const rows = await planSchools(trx, plan.id, orgIds)
  const schools: RolloverSchoolRow[] = []
  for (const s of rows) {
    const live = s.summary ? null : await viewSchool(trx, plan, Number(s.org_id), s.intake_classes)
    schools.push(schoolRow(s, live))
  }
  // Progress over the whole plan (a school administrator sees their own schools' rows and the plan's progress).
  const all = orgIds ? await planSchools(trx, plan.id) : rows
  return {
    id: Number(plan.id),
    fromYear: plan.from_year,
    toYear: plan.to_year,
    status: plan.status,
    createdBy: plan.created_by_name,
    createdAt: plan.created_at.toISOString(),
    approvedBy: plan.approved_by_name,
    approvedAt: plan.approved_at?.toISOString() ?? null,
    schools,
    progress: {
      done: all.filter((s) => s.status === 'done').length,
      failed: all.filter((s) => s.status === 'failed').length,
      total: all.length,
    },
  }
}

export function currentPlan(ctx: AppContext, auth: AuthInfo): Promise<RolloverCurrent> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const plan = await latestPlan(trx)
    return {
      ...yearsNow(ctx),
      canManage: await canManage(trx, auth),
      plan: plan ? await planView(trx, auth, plan) : null,
    }
  })
}

export function planDetail(ctx: AppContext, auth: AuthInfo, b: RolloverPlanBody): Promise<RolloverPlan> {
  return ctx.db.tenant(auth.tenantId, async (trx) => planView(trx, auth, await loadPlan(trx, b.planId)))
}

/** The tenant's plan from the current school year to the next, listing every school of the tenant. */
export function createPlan(ctx: AppContext, auth: AuthInfo, b: RolloverCreateBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { currentYear, nextYear } = yearsNow(ctx)
    if (b.toSchoolYear !== nextYear) throw refused(ErrorCode.BAD_REQUEST, RolloverMsg.WRONG_TARGET(nextYear))
    const schools = await districtSchools(trx)
    if (!schools.length) throw refused(ErrorCode.BAD_REQUEST, RolloverMsg.NO_SCHOOLS)
    const id = await insertPlan(trx, currentYear, nextYear, auth.userInfoId)
    if (id === null) throw refused(ErrorCode.CONFLICT, RolloverMsg.PLAN_EXISTS(nextYear))
    await insertPlanSchools(
      trx,
      id,
      schools.map((s) => Number(s.id)),
    )
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '创建结转计划',
      target: `${currentYear} → ${nextYear}`,
      detail: { schools: schools.length },
    })
    return id
  })
}

export function schoolPreview(ctx: AppContext, auth: AuthInfo, b: RolloverSchoolBody): Promise<RolloverPreview> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const plan = await loadPlan(trx, b.planId)
    const school = await schoolInReach(trx, auth, b.planId, b.orgId)
    const v = await viewSchool(trx, plan, b.orgId, school.intake_classes)
    const rows = await planSchools(trx, b.planId, [b.orgId])
    const feeder = await feederOf(trx, b.orgId)
    const summary = summaryOf(v.plan, v.repeaters, v.exceptions.length)
    const g = v.plan.graduating
    return {
      planId: Number(plan.id),
      orgId: b.orgId,
      orgName: rows[0]!.org_name,
      period: v.plan.period,
      status: school.status,
      editable: plan.status === 'draft',
      cohorts: v.plan.moves.map((m) => ({
        gradeId: m.grade.id,
        fromName: m.grade.name,
        toName: m.toName,
        toLevel: m.toLevel,
        classCount: m.classes.length,
        students: m.classes.reduce((n, c) => n + c.students, 0),
      })),
      graduating: g.length
        ? {
            gradeId: g[0]!.grade.id,
            gradeName: g.map((m) => m.grade.name).join('、'),
            classCount: g.reduce((n, m) => n + m.classes.length, 0),
            students: summary.graduates,
          }
        : null,
      intake: {
        gradeName: v.plan.intake.gradeName,
        entryYear: v.plan.intake.entryYear,
        classCount: v.plan.intake.classCount,
      },
      exceptions: v.exceptions,
      feederOffer:
        feeder && g.length ? { toOrgId: feeder.id, toOrgName: feeder.name, graduates: summary.graduates } : null,
      summary,
    }
  })
}

/** A draft plan, locked for sharing while it is edited (an approval waits for the edit, and then sees it). */
async function draftPlan(trx: Trx, planId: number) {
  const plan = await lockPlan(trx, planId, 'share')
  if (!plan) throw notFound(RolloverMsg.PLAN_NOT_FOUND)
  if (plan.status !== 'draft') throw refused(ErrorCode.CONFLICT, RolloverMsg.NOT_DRAFT)
  return plan
}

export function markRepeat(ctx: AppContext, auth: AuthInfo, b: RolloverRepeatBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await draftPlan(trx, b.planId)
    const student = await findStudent(trx, b.userInfoId)
    if (!student) throw notFound(RolloverMsg.STUDENT_NOT_FOUND)
    const orgId = Number(student.org_id)
    const school = await findSchool(trx, b.planId, orgId)
    if (!school || !(await reach(trx, auth)).includes(orgId)) throw notFound(RolloverMsg.STUDENT_NOT_FOUND)
    if (b.repeat) await markRepeatRow(trx, b.planId, b.userInfoId, orgId, auth.userInfoId)
    else await unmarkRepeatRow(trx, b.planId, b.userInfoId)
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: b.repeat ? '标记留级' : '取消留级',
      target: student.true_name,
    })
  })
}

export function setIntake(ctx: AppContext, auth: AuthInfo, b: RolloverIntakeBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await draftPlan(trx, b.planId)
    await schoolInReach(trx, auth, b.planId, b.orgId)
    await updateSchool(trx, b.planId, b.orgId, { intake_classes: b.classCount })
    await recordOp(trx, auth, { module: OP_MODULE, action: '设置起始年级班级数', detail: { classCount: b.classCount } })
  })
}

/** draft → approved by the bureau, once; the plan's schools are brought in line with the tenant's schools now. */
export function approvePlan(ctx: AppContext, auth: AuthInfo, b: RolloverPlanBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const plan = await loadPlan(trx, b.planId)
    if (!(await approvePlanRow(trx, b.planId, auth.userInfoId, ctx.clock.now())))
      throw refused(ErrorCode.CONFLICT, RolloverMsg.APPROVED_ALREADY)
    await insertPlanSchools(
      trx,
      b.planId,
      (await districtSchools(trx)).map((s) => Number(s.id)),
    )
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '审批结转计划',
      target: `${plan.from_year} → ${plan.to_year}`,
      important: true,
    })
  })
}

export function schoolReport(ctx: AppContext, auth: AuthInfo, b: RolloverReportBody): Promise<Page<RolloverReportRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadPlan(trx, b.planId)
    await schoolInReach(trx, auth, b.planId, b.orgId)
    const page = await pageReport(trx, { ...b, pageIndex: b.pageIndex ?? 1, pageSize: b.pageSize ?? 50 })
    return {
      ...page,
      list: page.list.map((r) => ({
        id: Number(r.id),
        kind: r.kind as RolloverReportRow['kind'],
        subject: r.subject,
        fromValue: r.from_value,
        toValue: r.to_value,
      })),
    }
  })
}
