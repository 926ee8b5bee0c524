/**
 * Sign-up and asking to join an organisation (issue 13; 000 §7.2 smsSender/signup/v2, smsVerifyCode/signup, signUp/v2,
 * signup/verify/phone/v3, signUp/apply/org/update/v2; 000 §7.7 register apply / register switch with their query
 * variants; 000 §9 the parent registration limit). docs/auth.md describes the flow, the states and the limits.
 */
import { noticeAccepted } from './privacy/notices.js'
import * as z from './z.js'
import { UserType } from './constants.js'
import { APPLY_USER_TYPES } from './signup-codes.js'

export * from './signup-codes.js'

const phone = z.line({ message: '请输入手机号' }).regex(/^1\d{10}$/, '请输入正确的手机号')
const smsCode = z.line({ message: '请输入验证码' }).regex(/^\d{6}$/, '请输入6位数字验证码')
const optOrgId = z.coerce.number().int().positive().optional().nullable()

/** POST smsSender/signup/v2. orgId: the login page's organisation (names the tenant when no tenantId header does). */
export const signupSendBody = z.object({ phone, orgId: optOrgId })
export type SignupSendBody = z.infer<typeof signupSendBody>

/** POST smsVerifyCode/signup. */
export const signupVerifyBody = z.object({ phone, smsCode, orgId: optOrgId })
export type SignupVerifyBody = z.infer<typeof signupVerifyBody>
export const signupVerifyResult = z.object({ signupTicket: z.string(), expiresInSeconds: z.number() })
export type SignupVerifyResult = z.infer<typeof signupVerifyResult>

/** GET signup/verify/phone/v3. */
export const signupPhoneQuery = z.object({ phone, orgId: optOrgId })
export const signupPhoneResult = z.object({ registered: z.boolean() })
export type SignupPhoneResult = z.infer<typeof signupPhoneResult>

/** POST signUp/v2: the account; the password is checked against the tenant's password rule. */
export const signUpBody = z.object({
  signupTicket: z.line({ message: '注册凭证无效或已过期，请重新获取验证码' }).min(1).max(200),
  trueName: z.line({ message: '请输入姓名' }).min(1, '请输入姓名').max(30, '姓名不能超过30个字符'),
  password: z.string({ message: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过64个字符'),
  confirmPassword: z.string().max(64).optional(),
  /** Login name; the phone when absent. */
  userName: z
    .line()
    .regex(/^[A-Za-z0-9_.@-]{3,40}$/, '登录名为3-40位字母、数字或_.@-')
    .optional()
    .nullable(),
  /**
   * The version of each notice the form showed and the person accepted (服务条款, 隐私政策, 儿童个人信息保护规则). A
   * stale one is refused (409); absent, the current versions are recorded (the form's text says so).
   */
  acceptedNotices: z.array(noticeAccepted).max(10).optional(),
})
export type SignUpBody = z.infer<typeof signUpBody>
export const signUpResult = z.object({ registerToken: z.string(), userName: z.string(), tenantId: z.number() })
export type SignUpResult = z.infer<typeof signUpResult>

/** A request to join (signUp/apply/org/update/v2 and organizationUnit/register/apply). */
export const applyOrgBody = z
  .object({
    /** An own pending request to change (or withdraw); absent: a new request. */
    id: z.id().optional().nullable(),
    orgId: z.coerce.number({ message: '请选择学校' }).int().positive('请选择学校'),
    userType: z.coerce
      .number()
      .int()
      .refine((v) => (APPLY_USER_TYPES as readonly number[]).includes(v), '请选择身份'),
    childNo: z
      .line()
      .max(30, '学号不能超过30个字符')
      .optional()
      .nullable()
      .transform((v) => v || null),
    childName: z
      .line()
      .max(30, '姓名不能超过30个字符')
      .optional()
      .nullable()
      .transform((v) => v || null),
    relation: z
      .line()
      .max(10, '关系不能超过10个字符')
      .optional()
      .nullable()
      .transform((v) => v || null),
    reason: z
      .line()
      .max(200, '申请说明不能超过200个字符')
      .optional()
      .nullable()
      .transform((v) => v || null),
    /** With id: withdraw that pending request instead of changing it. */
    withdraw: z.boolean().optional(),
  })
  .refine((b) => b.withdraw || b.userType !== UserType.PARENT || (b.childNo && b.childName), {
    message: '请输入孩子的学号和姓名',
    path: ['childNo'],
  })
export type ApplyOrgBody = z.infer<typeof applyOrgBody>
export type ApplyOrgInput = z.input<typeof applyOrgBody>

export const myApplication = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  userType: z.number(),
  childNo: z.string().nullable(),
  childName: z.string().nullable(),
  relation: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.number(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})
export type MyApplication = z.infer<typeof myApplication>
export const myApplications = z.object({
  trueName: z.string(),
  phone: z.string().nullable(),
  userName: z.string(),
  /** Whether the account already belongs to an organisation (then it signs in normally). */
  member: z.boolean(),
  list: z.array(myApplication),
})
export type MyApplications = z.infer<typeof myApplications>

/** An organisation open for requests (the public list of the sign-up page). */
export const registerOrg = z.object({
  orgId: z.number(),
  name: z.string(),
  school: z.boolean(),
  parentOpen: z.boolean(),
  teacherOpen: z.boolean(),
})
export type RegisterOrg = z.infer<typeof registerOrg>
export const registerOrgsQuery = z.object({ orgId: optOrgId, keyword: z.line().max(50).optional().nullable() })
export const registerTenant = z.object({ tenantId: z.number(), name: z.string() })
export type RegisterTenant = z.infer<typeof registerTenant>

/** The register switch of one organisation: whether it takes requests from parents / teachers (both on by default). */
export const registerSwitch = z.object({ orgId: z.number(), parentOpen: z.boolean(), teacherOpen: z.boolean() })
export type RegisterSwitch = z.infer<typeof registerSwitch>
export const registerSwitchBody = z.object({
  orgId: z.coerce.number().int().positive(),
  parentOpen: z.boolean(),
  teacherOpen: z.boolean(),
})
export type RegisterSwitchBody = z.infer<typeof registerSwitchBody>
