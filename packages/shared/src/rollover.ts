/**
 * The school-year roll-over (issue 27 points 1, 2; docs/school-year.md "Roll-over plan, preview, approval and run"):
 * the tenant's plan from one school year to the next, each school's preview (cohorts relabelled, the graduating
 * cohort, the intake, the exceptions), the bureau's approval, the run of each school in one transaction, its report
 * and its undo.
 */
import { schoolYearSchema } from './school-year.js'
import * as z from './z.js'

export * from './rollover-codes.js'

/** draft 草稿 → approved 已审批 → running 结转中 (some schools run) → done 已完成 (every school done). */
export const ROLLOVER_PLAN_STATUSES = ['draft', 'approved', 'running', 'done'] as const
export type RolloverPlanStatus = (typeof ROLLOVER_PLAN_STATUSES)[number]
export const ROLLOVER_PLAN_STATUS_LABEL: Record<RolloverPlanStatus, string> = {
  draft: '草稿',
  approved: '已审批',
  running: '结转中',
  done: '已完成',
}

/** A school of the plan: pending 待结转 → running 结转中 → done 已结转 | failed 失败 (may be retried); undone 已撤销 (may be run again). */
export const ROLLOVER_SCHOOL_STATUSES = ['pending', 'running', 'done', 'failed', 'undone'] as const
export type RolloverSchoolStatus = (typeof ROLLOVER_SCHOOL_STATUSES)[number]
export const ROLLOVER_SCHOOL_STATUS_LABEL: Record<RolloverSchoolStatus, string> = {
  pending: '待结转',
  running: '结转中',
  done: '已结转',
  failed: '失败',
  undone: '已撤销',
}

/** What a preview flags: a student marked to repeat, a pending transfer, 休学, a class over a size band. */
export const ROLLOVER_EXCEPTION_KINDS = ['repeat', 'transfer', 'suspended', 'class_size'] as const
export type RolloverExceptionKind = (typeof ROLLOVER_EXCEPTION_KINDS)[number]
export const ROLLOVER_EXCEPTION_LABEL: Record<RolloverExceptionKind, string> = {
  repeat: '留级',
  transfer: '转学办理中',
  suspended: '休学',
  class_size: '班额',
}

/** A change a school's run made (its report lists one row per change). */
export const ROLLOVER_CHANGE_KINDS = [
  'grade_relabel',
  'grade_graduate',
  'class_graduate',
  'student_promote',
  'student_repeat',
  'student_suspended',
  'student_graduate',
  'intake_grade',
  'intake_class',
] as const
export type RolloverChangeKind = (typeof ROLLOVER_CHANGE_KINDS)[number]
export const ROLLOVER_CHANGE_LABEL: Record<RolloverChangeKind, string> = {
  grade_relabel: '年级升级',
  grade_graduate: '年级毕业归档',
  class_graduate: '班级毕业归档',
  student_promote: '学生升级',
  student_repeat: '学生留级',
  student_suspended: '休学学生保留学籍',
  student_graduate: '学生毕业',
  intake_grade: '新建起始年级',
  intake_class: '新建起始年级班级',
}

export const RolloverMsg = {
  PLAN_NOT_FOUND: '结转计划不存在',
  SCHOOL_NOT_IN_PLAN: '该学校不在结转计划中',
  PLAN_EXISTS: (toYear: string) => `已存在${toYear}学年的结转计划`,
  WRONG_TARGET: (toYear: string) => `只能创建到下一学年（${toYear}）的结转计划`,
  NO_SCHOOLS: '本单位下没有学校，无需结转',
  NOT_DRAFT: '结转计划已审批，不能再修改',
  APPROVED_ALREADY: '结转计划已审批，不能重复审批',
  NOT_APPROVED: '结转计划尚未审批，不能执行',
  SCHOOL_DONE: '该学校已完成结转',
  NOT_DONE: '该学校尚未完成结转，无需撤销',
  STUDENT_NOT_FOUND: '学生不存在或不属于该计划的学校',
  INTAKE_CLASSES: '起始年级班级数须为0-50的整数',
} as const

const planId = z.id({ message: '请选择结转计划' })
const orgId = z.id({ message: '请选择学校' })

export const rolloverCreateBody = z.object({ toSchoolYear: schoolYearSchema })
export type RolloverCreateBody = z.infer<typeof rolloverCreateBody>
export const rolloverPlanBody = z.object({ planId })
export type RolloverPlanBody = z.infer<typeof rolloverPlanBody>
export const rolloverSchoolBody = z.object({ planId, orgId })
export type RolloverSchoolBody = z.infer<typeof rolloverSchoolBody>
/** Without orgId: every pending, failed or undone school, one by one in the background. */
export const rolloverRunBody = z.object({ planId, orgId: orgId.optional().nullable() })
export type RolloverRunBody = z.infer<typeof rolloverRunBody>
export const rolloverRepeatBody = z.object({
  planId,
  userInfoId: z.id({ message: '请选择学生' }),
  repeat: z.boolean({ message: '请选择是否留级' }),
})
export type RolloverRepeatBody = z.infer<typeof rolloverRepeatBody>
export const rolloverIntakeBody = z.object({
  planId,
  orgId,
  classCount: z.coerce
    .number({ message: RolloverMsg.INTAKE_CLASSES })
    .int(RolloverMsg.INTAKE_CLASSES)
    .min(0, RolloverMsg.INTAKE_CLASSES)
    .max(50, RolloverMsg.INTAKE_CLASSES),
})
export type RolloverIntakeBody = z.infer<typeof rolloverIntakeBody>
export const rolloverReportBody = z.object({
  planId,
  orgId,
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  kind: z.enum(ROLLOVER_CHANGE_KINDS, { message: '变更类型不正确' }).optional().nullable(),
})
export type RolloverReportBody = z.input<typeof rolloverReportBody>

/** A school's preview in short (the plan's list). */
export const rolloverSummary = z.object({
  promotedCohorts: z.number(),
  studentsPromoted: z.number(),
  graduates: z.number(),
  /** The new first level's name (一年级, 七年级 …), null when the school's period has no naming. */
  intakeGradeName: z.string().nullable(),
  classesCarriedOver: z.number(),
  exceptions: z.number(),
})
export type RolloverSummary = z.infer<typeof rolloverSummary>

export const rolloverSchoolRow = z.object({
  orgId: z.number(),
  orgName: z.string(),
  status: z.enum(ROLLOVER_SCHOOL_STATUSES),
  /** Why the last run failed (Chinese, for the screen). */
  error: z.string().nullable(),
  attempts: z.number(),
  finishedAt: z.string().nullable(),
  summary: rolloverSummary,
})
export type RolloverSchoolRow = z.infer<typeof rolloverSchoolRow>

export const rolloverPlan = z.object({
  id: z.number(),
  fromYear: z.string(),
  toYear: z.string(),
  status: z.enum(ROLLOVER_PLAN_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The schools the caller may see: all for the bureau, their own for a school administrator. */
  schools: z.array(rolloverSchoolRow),
  progress: z.object({ done: z.number(), failed: z.number(), total: z.number() }),
})
export type RolloverPlan = z.infer<typeof rolloverPlan>

/** The plan page's start: the current and next school year (by the server's clock), the plan if any, and may I manage. */
export const rolloverCurrent = z.object({
  currentYear: z.string(),
  nextYear: z.string(),
  /** The caller may create, approve, run and undo (the top org's administrator with the manage code). */
  canManage: z.boolean(),
  plan: rolloverPlan.nullable(),
})
export type RolloverCurrent = z.infer<typeof rolloverCurrent>

export const rolloverCohort = z.object({
  gradeId: z.number(),
  fromName: z.string(),
  toName: z.string(),
  /** The year level in the target year. */
  toLevel: z.number(),
  classCount: z.number(),
  students: z.number(),
})
export type RolloverCohort = z.infer<typeof rolloverCohort>

export const rolloverException = z.object({
  kind: z.enum(ROLLOVER_EXCEPTION_KINDS),
  userInfoId: z.number().nullable(),
  classId: z.number().nullable(),
  /** The student's name (class_size: the class's name). */
  name: z.string(),
  /** Grade and class, e.g. 三年级(2)班. */
  className: z.string(),
  detail: z.string(),
})
export type RolloverException = z.infer<typeof rolloverException>

export const rolloverPreview = z.object({
  planId: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  /** 小学, 初中 … (the school's learning period), null when unknown. */
  period: z.string().nullable(),
  status: z.enum(ROLLOVER_SCHOOL_STATUSES),
  /** The plan is a draft: repeaters and the intake may still change. */
  editable: z.boolean(),
  cohorts: z.array(rolloverCohort),
  graduating: z
    .object({ gradeId: z.number(), gradeName: z.string(), classCount: z.number(), students: z.number() })
    .nullable(),
  intake: z.object({ gradeName: z.string().nullable(), entryYear: z.number(), classCount: z.number() }),
  exceptions: z.array(rolloverException),
  /** The 初中 this school's graduates go on to (feeder_school), null when none. */
  feederOffer: z.object({ toOrgId: z.number(), toOrgName: z.string(), graduates: z.number() }).nullable(),
  summary: rolloverSummary,
})
export type RolloverPreview = z.infer<typeof rolloverPreview>

export const rolloverReportRow = z.object({
  id: z.number(),
  kind: z.enum(ROLLOVER_CHANGE_KINDS),
  /** Who or what changed: a student's name, a grade's or a class's name. */
  subject: z.string(),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
})
export type RolloverReportRow = z.infer<typeof rolloverReportRow>
