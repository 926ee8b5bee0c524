/**
 * Sign-up constants, codes and messages without zod (shared/src/signup.ts has the schemas): the login page reads
 * SignupErrorCode and must not pull zod into its bundle (issue 12's budget).
 */
import { UserType } from './constants.js'

/**
 * The parent registration limit (000 §9: "exists; its value is not shown"; our values). Both are enforced under a row
 * lock, so simultaneous requests cannot pass them together (docs/auth.md).
 */
export const PARENT_REGISTRATION_LIMIT = {
  /** Requests one account may have waiting for approval at once (parents and teachers alike). */
  pendingPerAccount: 3,
  /** Parents one student may have: parents already bound plus requests naming the student that are waiting. */
  parentsPerChild: 4,
} as const

/** Single-use ticket between a verified sign-up code and signUp/v2. */
export const SIGNUP_TICKET_MINUTES = 15
/** The registration pass (a signed-up person without a membership yet: sees and changes their requests). */
export const REGISTER_PASS_HOURS = 2

/** A join request's state (join_request.status). */
export const JoinStatus = { PENDING: 0, APPROVED: 1, REFUSED: 2, WITHDRAWN: 3 } as const
export type JoinStatus = (typeof JoinStatus)[keyof typeof JoinStatus]
export const JOIN_STATUS_LABEL: Record<JoinStatus, string> = { 0: '待审核', 1: '已通过', 2: '已拒绝', 3: '已撤回' }

/** Who may ask to join: a parent (names a child) or a teacher / staff member. */
export const APPLY_USER_TYPES = [UserType.PARENT, UserType.STAFF] as const

export const SignupErrorCode = {
  NO_TENANT: 1401,
  PHONE_REGISTERED: 1402,
  TICKET_INVALID: 1403,
  CHILD_MISMATCH: 1404,
  PENDING_LIMIT: 1405,
  CHILD_PARENT_LIMIT: 1406,
  REGISTER_CLOSED: 1407,
  PASS_INVALID: 1408,
  /** A sign-in of a signed-up account that belongs to no organisation yet: data carries a registration pass. */
  REGISTRATION_PENDING: 1409,
} as const

export const SignupMsg = {
  NO_TENANT: '请从所在学校或区县的登录页注册',
  PHONE_REGISTERED: '该手机号已注册，请直接登录',
  TICKET_INVALID: '注册凭证无效或已过期，请重新获取验证码',
  PASS_INVALID: '登录状态已失效，请重新登录后查看申请',
  CHILD_MISMATCH: '学号与学生姓名不匹配，请核对后重新填写',
  NOT_SCHOOL: '只有学校可以接受家长的加入申请',
  PENDING_LIMIT: `待审核的申请已达上限（${PARENT_REGISTRATION_LIMIT.pendingPerAccount}个），请等待审核或撤回后再申请`,
  CHILD_PARENT_LIMIT: `该学生的家长已达上限（${PARENT_REGISTRATION_LIMIT.parentsPerChild}人），请联系学校`,
  REGISTER_CLOSED_PARENT: '该学校暂未开放家长申请加入',
  REGISTER_CLOSED_TEACHER: '该机构暂未开放教师申请加入',
  ORG_NOT_FOUND: '机构不存在',
  REQUEST_NOT_FOUND: '申请不存在',
  REQUEST_DONE: '该申请已处理，不能修改',
  CHILD_REQUIRED: '请输入孩子的学号和姓名',
  CHILD_GONE: '申请中的学生已不在本校，请拒绝该申请',
  PENDING: '您的加入申请正在审核中',
  REFUSED: '您的加入申请未通过',
  NO_REQUEST: '您尚未加入任何机构，请提交加入申请',
  SIGNED_UP: '注册成功',
  APPLIED: '申请已提交，请等待学校审核',
  UPDATED: '申请已修改',
  WITHDRAWN: '申请已撤回',
  SWITCH_SAVED: '保存成功',
} as const
