/**
 * The personal-data access log, the reveal of one masked field and the parent's view of who looked at their child
 * (issue 26 point 3; docs/privacy.md "Access log and reveal").
 */
import { PERSONAL_FIELD_KEYS } from './privacy/personal-fields.js'
import * as z from './z.js'

export const PI_ACTIONS = ['view', 'reveal', 'export'] as const
export type PiAction = (typeof PI_ACTIONS)[number]
export const PI_ACTION_LABEL: Record<PiAction, string> = { view: '查看详情', reveal: '查看完整信息', export: '导出' }

export const PrivacyMsg = {
  REASON_SHORT: '请填写查看原因（4-200个字）',
  REVEAL_LIMIT: '查看完整信息过于频繁，请一小时后再试',
  CHILD_NOT_FOUND: '孩子不存在',
  PERSON_NOT_FOUND: '人员不存在',
} as const

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
  .optional()
  .nullable()

export const revealBody = z.object({
  userInfoId: z.id({ message: '请选择人员' }),
  field: z.enum(PERSONAL_FIELD_KEYS, { message: '不支持查看该字段' }),
  reason: z
    .line({ message: PrivacyMsg.REASON_SHORT })
    .min(4, PrivacyMsg.REASON_SHORT)
    .max(200, PrivacyMsg.REASON_SHORT),
})
export type RevealBody = z.infer<typeof revealBody>
/** The field's full value; null when nothing is recorded for it. */
export const revealAnswer = z.object({ field: z.enum(PERSONAL_FIELD_KEYS), value: z.string().nullable() })
export type RevealAnswer = z.infer<typeof revealAnswer>

export const accessLogPageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  subjectName: z.line().max(50, '姓名不能超过50个字符').optional().nullable(),
  actorName: z.line().max(50, '姓名不能超过50个字符').optional().nullable(),
  action: z.enum(PI_ACTIONS, { message: '操作类型不正确' }).optional().nullable(),
  from: day,
  to: day,
})
export type AccessLogPageBody = z.input<typeof accessLogPageBody>

export const accessLogRow = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  actorRoles: z.array(z.string()),
  actorOrgName: z.string().nullable(),
  subjectUserInfoId: z.number().nullable(),
  subjectName: z.string().nullable(),
  subjectOrgName: z.string().nullable(),
  fields: z.array(z.string()),
  action: z.enum(PI_ACTIONS),
  purpose: z.string().nullable(),
  clientIp: z.string().nullable(),
})
export type AccessLogRow = z.infer<typeof accessLogRow>

export const myChildAccessQuery = z.object({ childId: z.id({ message: '请选择孩子' }) })
/** What a parent sees of a look at their child: who (name, roles, org), which fields, what and when; no address. */
export const childAccessRow = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  actorRoles: z.array(z.string()),
  actorOrgName: z.string().nullable(),
  fields: z.array(z.string()),
  action: z.enum(PI_ACTIONS),
})
export type ChildAccessRow = z.infer<typeof childAccessRow>
export const myChildAccess = z.object({
  childName: z.string(),
  list: z.array(childAccessRow),
})
export type MyChildAccess = z.infer<typeof myChildAccess>

/** A parent's children, for the picker of the parent's view. */
/** A parent's child: the school follows a transfer (docs/school-year.md "Transfers"). */
export const myChildRow = z.object({
  id: z.number(),
  trueName: z.string(),
  schoolName: z.string(),
  className: z.string().nullable(),
})
