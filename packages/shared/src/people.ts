import * as z from './z.js'
import { parseIdCard } from './id-card.js'

/**
 * People of the user-account area (000 §2.3 /base-userAccount, §7.9 userInfo): teachers (staff, userType 1002),
 * students (1003) and parents (1004). A row's `id` is the membership (userInfoId); one account may hold
 * memberships in several orgs (a teacher of two schools, a parent of children in two schools).
 */
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}
const optId = z.id().optional().nullable()
const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
export const trueNameField = z
  .line({ message: '请输入姓名' })
  .trim()
  .min(1, '请输入姓名')
  .max(30, '姓名不能超过30个字符')
export const mobileField = z
  .string({ message: '请输入手机号' })
  .trim()
  .regex(/^1\d{10}$/, '手机号格式不正确')
export const idCardField = z
  .string()
  .trim()
  .max(18, '身份证号格式不正确')
  .optional()
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || parseIdCard(v) !== null, '身份证号格式不正确')
export const loginNameField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.@-]{3,40}$/, '登录名为3-40位字母、数字或_.@-')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))

/**
 * Edit forms load people masked (issue 26 point 2: 138****0001, 110105**********12, z***@example.com), so an update
 * accepts a value holding the mask character where it accepts the field. The server keeps the stored value when the
 * value is exactly its mask and refuses any other masked-looking value with a clear message (people/masks.ts); adds
 * accept real values only.
 */
export const looksMasked = (v: string): boolean => v.includes('*')
const MOBILE = /^1\d{10}$/
const emailFormat = z.string().email()
const maskedMobile = (v: string) => MOBILE.test(v) || (looksMasked(v) && v.length <= 11)
export const maskableMobileField = z
  .string({ message: '请输入手机号' })
  .trim()
  .min(1, '请输入手机号')
  .max(11, '手机号格式不正确')
  .refine(maskedMobile, '手机号格式不正确')
export const maskableOptionalMobileField = z
  .string()
  .trim()
  .max(11, '手机号格式不正确')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || maskedMobile(v), '手机号格式不正确')
export const maskableIdCardField = z
  .string()
  .trim()
  .max(18, '身份证号格式不正确')
  .optional()
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || looksMasked(v) || parseIdCard(v) !== null, '身份证号格式不正确')
export const maskableEmailField = z
  .string()
  .trim()
  .max(60, '邮箱不能超过60个字符')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || looksMasked(v) || emailFormat.safeParse(v).success, '邮箱格式不正确')
const sexField = z.coerce.number().int().min(0).max(1).optional().nullable()
const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
  .optional()
  .nullable()
  .transform((v) => v ?? null)

export const PeopleMsg = {
  NOT_FOUND: '人员不存在',
  NOT_SCHOOL: '只有学校可以管理学生和家长',
  LOGIN_TAKEN: '该登录名已被使用',
  ALREADY_MEMBER: '该人员已在本机构',
  JOB_NO_TAKEN: '工号已存在',
  STUDENT_NO_TAKEN: '学号已存在',
  ID_CARD_TAKEN: '身份证号已被使用',
  CLASS_NOT_FOUND: '班级不存在',
  CLASS_ARCHIVED: '班级已归档，不能加入学生',
  DEPT_NOT_FOUND: '部门不存在',
  NOT_ARCHIVED: '该人员未归档',
  ARCHIVED: '该人员已归档，请先恢复',
  SELF: '不能对自己的账号执行此操作',
  /** The escalation guard (docs/people.md): the target holds a code the caller lacks. */
  ABOVE_OWN: '无权操作权限高于自己的人员',
  CHILD_NOT_FOUND: '学生不存在',
  ALREADY_BOUND: '已绑定该学生',
  NOT_BOUND: '未绑定该学生',
  TYPE_NOT_FOUND: '异动类型不存在',
  MOVE_TARGET: '请选择调入的班级或机构',
  REQUEST_DONE: '该申请已处理',
  REQUEST_PENDING: '已提交申请，请等待审核',
  RESET_DONE: '密码已重置为初始密码',
} as const

// ---- teachers (staff) ----
export const teacherFields = {
  trueName: trueNameField,
  phone: mobileField,
  jobNo: optText(30, '工号'),
  sex: sexField,
  idCard: idCardField,
  deptId: optId,
  positionId: optId,
  titleId: optId,
  teacherTypeId: optId,
  politicalStatusId: optId,
  educationId: optId,
  degreeId: optId,
  enteredOn: dateField,
  email: z
    .string()
    .trim()
    .email('邮箱格式不正确')
    .max(60)
    .optional()
    .nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  remark: optText(200, '备注'),
}
export const teacherAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  /** Login name; defaults to the phone number. */
  userName: loginNameField,
  ...teacherFields,
})
export type TeacherAddBody = z.infer<typeof teacherAddBody>
/**
 * An edit of a teacher. `politicalStatusId` is withheld from lists and details, so the form has no value to send
 * back: left out it keeps the stored one, null clears it.
 */
export const teacherUpdateBody = z.object({
  id: z.id(),
  ...teacherFields,
  phone: maskableMobileField,
  idCard: maskableIdCardField,
  email: maskableEmailField,
})
export type TeacherUpdateBody = z.infer<typeof teacherUpdateBody>
export const peoplePageFields = {
  orgId: z.coerce.number().int().optional(),
  keyword: z.string().trim().max(50).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  archived: z.boolean().default(false),
  ...paging,
}
export const teacherPageBody = z.object({ ...peoplePageFields, deptId: optId })
export type TeacherPageBody = z.infer<typeof teacherPageBody>
export const teacherRow = z.object({
  id: z.number(),
  accountId: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  userName: z.string(),
  trueName: z.string(),
  phone: z.string().nullable(),
  jobNo: z.string().nullable(),
  sex: z.number().nullable(),
  idCard: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  positionId: z.number().nullable(),
  titleId: z.number().nullable(),
  teacherTypeId: z.number().nullable(),
  politicalStatusId: z.number().nullable(),
  educationId: z.number().nullable(),
  degreeId: z.number().nullable(),
  enteredOn: z.string().nullable(),
  email: z.string().nullable(),
  remark: z.string().nullable(),
  status: z.number(),
  archived: z.boolean(),
  orgCount: z.number(),
  createdAt: z.string(),
})
export type TeacherRow = z.infer<typeof teacherRow>

export const teacherDetail = teacherRow.extend({
  orgs: z.array(
    z.object({ id: z.number(), orgId: z.number(), orgName: z.string(), status: z.number(), archived: z.boolean() }),
  ),
})
export type TeacherDetail = z.infer<typeof teacherDetail>
export const departmentRow = z.object({ id: z.number(), name: z.string(), parentId: z.number() })
export type DepartmentRow = z.infer<typeof departmentRow>

// ---- students ----
export const studentFields = {
  trueName: trueNameField,
  /** 学号 (the national student number): unique in the school and the default login name. */
  jobNo: z.line({ message: '请输入学号' }).trim().min(1, '请输入学号').max(30, '学号不能超过30个字符'),
  classId: z.id({ message: '请选择班级' }),
  sex: sexField,
  idCard: idCardField,
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '手机号格式不正确')
    .optional()
    .nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  enteredOn: dateField,
  remark: optText(200, '备注'),
}
export const studentAddBody = z.object({ userName: loginNameField, ...studentFields })
export type StudentAddBody = z.infer<typeof studentAddBody>
export const studentUpdateBody = z
  .object({ id: z.id(), ...studentFields, phone: maskableOptionalMobileField, idCard: maskableIdCardField })
  .omit({ classId: true })
export type StudentUpdateBody = z.infer<typeof studentUpdateBody>
export const studentPageBody = z.object({ ...peoplePageFields, gradeId: optId, classId: optId })
export type StudentPageBody = z.infer<typeof studentPageBody>
export const studentRow = z.object({
  id: z.number(),
  accountId: z.number(),
  orgId: z.number(),
  userName: z.string(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  sex: z.number().nullable(),
  idCard: z.string().nullable(),
  phone: z.string().nullable(),
  enteredOn: z.string().nullable(),
  remark: z.string().nullable(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  status: z.number(),
  archived: z.boolean(),
  /** 在读 (enrolled) or 休学 (suspended; a 休学 异动 sets it, 复学 ends it). */
  studyStatus: z.enum(['enrolled', 'suspended']),
  parentCount: z.number(),
  createdAt: z.string(),
})
export type StudentRow = z.infer<typeof studentRow>
export const changeClassBody = z.object({
  ids: z.array(z.id()).min(1, '请选择学生').max(500, '一次最多调整500名学生'),
  classId: z.id({ message: '请选择班级' }),
})
export type ChangeClassBody = z.infer<typeof changeClassBody>

/** A parent of one student (parentBindChild/parents, the student's detail). */
export const childParent = z.object({
  id: z.number(),
  trueName: z.string(),
  phone: z.string().nullable(),
  userName: z.string(),
  relation: z.string(),
  status: z.number(),
})
export type ChildParent = z.infer<typeof childParent>
export const studentDetail = studentRow.extend({ parents: z.array(childParent) })
export type StudentDetail = z.infer<typeof studentDetail>

// ---- parents ----
export const RELATIONS = ['父亲', '母亲', '祖父', '祖母', '外祖父', '外祖母', '其他监护人'] as const
const relationField = z.enum(RELATIONS, { message: '请选择与学生的关系' })
export const parentAddBody = z.object({
  trueName: trueNameField,
  phone: mobileField,
  /** Login name; defaults to the phone number. */
  userName: loginNameField,
  childId: z.id({ message: '请选择学生' }),
  relation: relationField,
})
export type ParentAddBody = z.infer<typeof parentAddBody>
export const parentBindBody = z.object({ parentId: z.coerce.number().int(), childId: z.id(), relation: relationField })
export type ParentBindBody = z.infer<typeof parentBindBody>
export const parentUnbindBody = z.object({ parentId: z.coerce.number().int(), childId: z.id() })
export const parentPageBody = z.object({ ...peoplePageFields, classId: optId, childId: optId })
export type ParentPageBody = z.infer<typeof parentPageBody>
export const parentChild = z.object({
  id: z.number(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  className: z.string().nullable(),
  relation: z.string(),
})
export type ParentChild = z.infer<typeof parentChild>
export const parentRow = z.object({
  id: z.number(),
  accountId: z.number(),
  orgId: z.number(),
  userName: z.string(),
  trueName: z.string(),
  phone: z.string().nullable(),
  status: z.number(),
  archived: z.boolean(),
  children: z.array(parentChild),
  createdAt: z.string(),
})
export type ParentRow = z.infer<typeof parentRow>

// ---- shared record actions ----
export const idsBody = z.object({ ids: z.array(z.id()).min(1, '请选择人员').max(500, '一次最多操作500人') })
export type IdsBody = z.infer<typeof idsBody>

// ---- change types (异动) ----
/** What a change does besides being recorded: move (class or org), leave (archive), none (record only, e.g. 休学). */
export const CHANGE_EFFECTS = { none: '仅记录', move: '调动', leave: '离开（归档）' } as const
export type ChangeEffect = keyof typeof CHANGE_EFFECTS
export const changeAddBody = z.object({
  userInfoId: z.id(),
  changeTypeId: z.id({ message: '请选择异动类型' }),
  effect: z.enum(['none', 'move', 'leave'], { message: '请选择异动结果' }),
  toClassId: optId,
  toOrgId: optId,
  changedOn: z.string({ message: '请选择异动日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '请选择异动日期'),
  remark: optText(200, '备注'),
})
export type ChangeAddBody = z.infer<typeof changeAddBody>
export const changePageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  userType: z.coerce
    .number()
    .int()
    .refine((v) => v === 1002 || v === 1003, '人员类型有误'),
  keyword: z.string().trim().max(50).optional().nullable(),
  ...paging,
})
export type ChangePageBody = z.infer<typeof changePageBody>
export const changeRow = z.object({
  id: z.number(),
  userInfoId: z.number(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  changeTypeName: z.string(),
  effect: z.string(),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  changedOn: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
})
export type ChangeRow = z.infer<typeof changeRow>

// ---- join audit ----
export const joinApplyBody = z.object({
  orgId: z.coerce.number({ message: '请选择机构' }).int(),
  reason: optText(200, '申请说明'),
})
// status 3: withdrawn by the applicant (shared/src/signup.ts JoinStatus).
export const joinPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  status: z.coerce.number().int().min(0).max(3).optional().nullable(),
  ...paging,
})
export type JoinPageBody = z.infer<typeof joinPageBody>
export const joinDecideBody = z.object({
  id: z.id(),
  approve: z.boolean(),
  refuseReason: optText(200, '拒绝原因'),
})
export type JoinDecideBody = z.infer<typeof joinDecideBody>
export const joinRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  trueName: z.string(),
  phone: z.string().nullable(),
  userName: z.string(),
  reason: z.string().nullable(),
  status: z.number(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** 1002 teacher / staff, 1004 parent; a parent's request names a child (issue 13 sign-up). */
  userType: z.number(),
  childNo: z.string().nullable(),
  childName: z.string().nullable(),
  relation: z.string().nullable(),
  source: z.string(),
})
export type JoinRow = z.infer<typeof joinRow>

// ---- search person and key log ----
export const searchPersonBody = z.object({
  keyword: z.string().trim().max(50).optional().nullable(),
  userType: z.coerce.number().int().optional().nullable(),
  /** A school (or other org) of the caller's scope, with its sub-orgs: the bureau's school filter. */
  orgId: z.coerce.number().int().positive().optional().nullable(),
  ...paging,
})
export type SearchPersonBody = z.input<typeof searchPersonBody>
export const searchPersonRow = z.object({
  id: z.number(),
  trueName: z.string(),
  userName: z.string(),
  phone: z.string().nullable(),
  userType: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  jobNo: z.string().nullable(),
  className: z.string().nullable(),
  status: z.number(),
  archived: z.boolean(),
})
export type SearchPersonRow = z.infer<typeof searchPersonRow>
export const logPageBody = z.object({
  keyword: z.string().trim().max(50).optional().nullable(),
  module: z.string().trim().max(30).optional().nullable(),
  orgId: z.coerce.number().int().optional().nullable(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional()
    .nullable(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional()
    .nullable(),
  ...paging,
})
export type LogPageBody = z.input<typeof logPageBody>
export const logRow = z.object({
  id: z.number(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  actorName: z.string(),
  module: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
})
export type LogRow = z.infer<typeof logRow>

// ---- verify info after login (001 §3, §5) ----
export const VERIFY_FIELDS = [
  'userName',
  'idCard',
  'phone',
  'sex',
  'nationality',
  'politicalAttitudes',
  'education',
  'academicDegree',
  'technicalTitle',
] as const
export type VerifyField = (typeof VERIFY_FIELDS)[number]
export const verifyInfoBody = z.object({
  userName: z.string().trim().max(30).optional().nullable(),
  idCard: idCardField,
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '手机号格式不正确')
    .optional()
    .nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  sex: sexField,
  nationality: optText(20, '民族'),
  politicalAttitudes: optId,
  education: optId,
  academicDegree: optId,
  technicalTitle: optId,
})
export type VerifyInfoBody = z.infer<typeof verifyInfoBody>
export const verifyCheckResult = z.object({
  checkPass: z.boolean(),
  selectedFiledList: z.array(z.enum(VERIFY_FIELDS)),
  detail: z.object({
    userName: z.string().nullable(),
    idCard: z.string().nullable(),
    phone: z.string().nullable(),
    sex: z.number().nullable(),
    nationality: z.string().nullable(),
    politicalAttitudes: z.number().nullable(),
    education: z.number().nullable(),
    academicDegree: z.number().nullable(),
    technicalTitle: z.number().nullable(),
  }),
})
export type VerifyCheckResult = z.infer<typeof verifyCheckResult>

/** The 56 ethnic groups of China, the options of the verify form's 民族 (option type nation). */
export const NATIONS = [
  '汉族',
  '蒙古族',
  '回族',
  '藏族',
  '维吾尔族',
  '苗族',
  '彝族',
  '壮族',
  '布依族',
  '朝鲜族',
  '满族',
  '侗族',
  '瑶族',
  '白族',
  '土家族',
  '哈尼族',
  '哈萨克族',
  '傣族',
  '黎族',
  '傈僳族',
  '佤族',
  '畲族',
  '高山族',
  '拉祜族',
  '水族',
  '东乡族',
  '纳西族',
  '景颇族',
  '柯尔克孜族',
  '土族',
  '达斡尔族',
  '仫佬族',
  '羌族',
  '布朗族',
  '撒拉族',
  '毛南族',
  '仡佬族',
  '锡伯族',
  '阿昌族',
  '普米族',
  '塔吉克族',
  '怒族',
  '乌孜别克族',
  '俄罗斯族',
  '鄂温克族',
  '德昂族',
  '保安族',
  '裕固族',
  '京族',
  '塔塔尔族',
  '独龙族',
  '鄂伦春族',
  '赫哲族',
  '门巴族',
  '珞巴族',
  '基诺族',
] as const
/** The verify form's labels and whether each is chosen (请选择) or typed (请填写). */
export const VERIFY_FIELD_META: Record<VerifyField, { label: string; select: boolean }> = {
  userName: { label: '姓名', select: false },
  idCard: { label: '身份证号', select: false },
  phone: { label: '手机号', select: false },
  sex: { label: '性别', select: true },
  nationality: { label: '民族', select: true },
  politicalAttitudes: { label: '政治面貌', select: true },
  education: { label: '学历', select: true },
  academicDegree: { label: '学位', select: true },
  technicalTitle: { label: '职称', select: true },
}
