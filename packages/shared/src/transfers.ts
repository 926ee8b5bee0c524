import * as z from './z.js'

/**
 * Transfers between the district's schools (issue 27 point 5; docs/school-year.md "Transfers"): the receiving school
 * applies (转入申请), the sending school agrees (转出审核), the bureau approves (教育局审核); each step has 10 working
 * days. Approval moves the same membership and account to the receiving school on the effective date.
 */

export const TRANSFER_PAGE_PERMISSION = 'base_transfer'
export const TRANSFER_APPLY_PERMISSION = 'base_transfer_apply'
export const TRANSFER_OUT_PERMISSION = 'base_transfer_out'
export const TRANSFER_BUREAU_PERMISSION = 'base_transfer_bureau'

/** Working days each step has (the national order's 10). */
export const TRANSFER_STEP_DAYS = 10
/** The step's handlers are reminded when this many working days are left. */
export const TRANSFER_REMIND_DAYS_LEFT = 2

export const TransferMsg = {
  NOT_FOUND: '转学申请不存在',
  STUDENT_NOT_FOUND: '未找到该学生，请核对姓名和学籍号或身份证号',
  FIND_KEY: '请输入学籍号或身份证号',
  OWN_SCHOOL: '该学生已在本校，无需转入',
  NOT_SCHOOL: '只有学校可以提出转入申请',
  SUSPENDED: '该学生处于休学状态，不能办理转学',
  OPEN_EXISTS: '该学生已有进行中的转学申请',
  CLASS_NOT_FOUND: '转入班级不存在',
  NOT_APPLIED: '该申请已不在待转出审核状态',
  NOT_AGREED: '该申请尚未通过转出学校审核，或已处理',
  NOT_CANCELLABLE: '教育局已作出决定或申请已结束，不能撤回',
  OWN_SCHOOL_APPROVAL: '不能审核本校相关的转学申请',
  BUREAU_ONLY: '只有教育局可以审核转学',
  NO_LONGER_THERE: '该学生已不在转出学校，申请无法生效',
  JOB_NO_TAKEN: '转入学校已有相同学号的学生，请先处理后再审核',
  EFFECTIVE_PAST: '生效日期不能早于今天',
  EFFECT_FAILED: '转学生效时出错，系统将自动重试',
} as const

export const TRANSFER_STATUS_LABEL = {
  applied: '待转出审核',
  out_agreed: '待教育局审核',
  approved: '已批准',
  refused: '已拒绝',
  cancelled: '已撤回',
} as const
export type TransferStatusKey = keyof typeof TRANSFER_STATUS_LABEL

const reason = (label: string) =>
  z
    .line({ message: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(200, `${label}不能超过200个字`)
const day = z.line().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 2026-09-01')

/** Finding a student of another school: the name and the 学籍号 (学号) or the ID card number. */
export const transferFindBody = z
  .object({
    name: z.line({ message: '请输入学生姓名' }).trim().min(1, '请输入学生姓名').max(30, '姓名不能超过30个字'),
    jobNo: z.line().trim().max(30, '学籍号不能超过30个字符').optional(),
    idCard: z.line().trim().max(18, '身份证号不能超过18个字符').optional(),
  })
  .refine((b) => !!b.jobNo || !!b.idCard, TransferMsg.FIND_KEY)
export type TransferFindBody = z.infer<typeof transferFindBody>

/** What finding needs to confirm the student, masked: the name as typed, the school and class, a masked 学号. */
export const transferCandidate = z.object({
  userInfoId: z.number(),
  name: z.string(),
  jobNo: z.string().nullable(),
  schoolName: z.string(),
  className: z.string().nullable(),
  suspended: z.boolean(),
})
export type TransferCandidate = z.infer<typeof transferCandidate>

export const transferApplyBody = z.object({
  userInfoId: z.id(),
  reason: reason('转学原因'),
  toClassId: z.id().nullable().optional(),
})
export type TransferApplyBody = z.infer<typeof transferApplyBody>

/** The lists: my school's applications (in), to review as the sending school (out), the bureau's, 转出学生. */
export const TRANSFER_BOXES = ['in', 'out', 'bureau'] as const
export const transferPageBody = z.object({
  box: z.enum(TRANSFER_BOXES),
  open: z.boolean().optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type TransferPageBody = z.input<typeof transferPageBody>

export const transferRow = z.object({
  id: z.number(),
  studentName: z.string(),
  jobNo: z.string().nullable(),
  fromSchool: z.string(),
  toSchool: z.string(),
  toClass: z.string().nullable(),
  status: z.enum(['applied', 'out_agreed', 'approved', 'refused', 'cancelled']),
  reason: z.string().nullable(),
  refusedReason: z.string().nullable(),
  appliedAt: z.string(),
  /** The open step's due day and working days left (negative: overdue); null when no step is open. */
  due: z.string().nullable(),
  daysLeft: z.number().nullable(),
  effectiveOn: z.string().nullable(),
  done: z.boolean(),
  /** Why the approved move did not take effect on its day (retried by the sweep); null once done or never failed. */
  effectError: z.string().nullable(),
  /** What the caller may do now in this box. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
})
export type TransferRow = z.infer<typeof transferRow>

export const transferIdBody = z.object({ id: z.id() })
export type TransferIdBody = z.infer<typeof transferIdBody>
export const transferRefuseBody = z.object({ id: z.id(), reason: reason('拒绝理由') })
export type TransferRefuseBody = z.infer<typeof transferRefuseBody>
export const transferApproveBody = z.object({ id: z.id(), effectiveOn: day.optional() })
export type TransferApproveBody = z.infer<typeof transferApproveBody>

/** The sending school's read-only record of a student transferred out: its own period, masked. */
export const transferredOutRow = z.object({
  userInfoId: z.number(),
  name: z.string(),
  jobNo: z.string().nullable(),
  toSchool: z.string(),
  transferredOn: z.string(),
  enrolments: z.array(
    z.object({
      schoolYear: z.string(),
      className: z.string().nullable(),
      status: z.string(),
      startedOn: z.string(),
      endedOn: z.string().nullable(),
    }),
  ),
})
export type TransferredOutRow = z.infer<typeof transferredOutRow>

/** '剩余 3 个工作日' / '今天到期' / '已超期 2 个工作日'. */
export function dueText(daysLeft: number | null): string {
  if (daysLeft === null) return ''
  if (daysLeft > 0) return `剩余 ${daysLeft} 个工作日`
  if (daysLeft === 0) return '今天到期'
  return `已超期 ${-daysLeft} 个工作日`
}
