import * as z from './z.js'

/**
 * Complaints and suggestions (001 §2.5 /menhu-complaintSuggest, §6, §7.1, §7.5 /base/complainSuggestion).
 * Each org has a config (enable, allowed user types, anonymous allowed), classifications with handlers (staff of
 * the org), and the submissions of its members. Payload shapes are ours (docs/complaints.md).
 */

export const ComplaintMsg = {
  DISABLED: '投诉建议功能未开启',
  ROLE_NOT_ALLOWED: '您的身份不能提交投诉建议',
  ANONYMOUS_NOT_ALLOWED: '当前机构不允许匿名提交',
  CLASS_NOT_FOUND: '分类不存在',
  CLASS_NAME_REQUIRED: '请输入分类名称',
  CLASS_NAME_TAKEN: '分类名称已存在',
  CLASS_IN_USE: '该分类下已有投诉建议，不能删除',
  HANDLER_REQUIRED: '请选择处理人',
  HANDLER_NOT_STAFF: '处理人必须是本机构的教职工',
  NOT_FOUND: '投诉建议不存在',
  TITLE_REQUIRED: '请输入标题',
  CONTENT_REQUIRED: '请输入内容',
  PHONE_INVALID: '请输入正确的手机号',
  REPLY_REQUIRED: '请填写处理回复',
  STATUS_BACKWARD: '已处理的投诉建议不能再变更状态',
  ORG_REQUIRED: '请指定机构',
  SUBMITTED: '提交成功',
  HANDLED: '处理成功',
} as const

/** 0 待处理, 1 处理中, 2 已处理. */
export const ComplaintStatus = { PENDING: 0, PROCESSING: 1, DONE: 2 } as const
export const COMPLAINT_STATUS_LABEL: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已处理' }
/** -1 stands for signed-out visitors in userRole (001 §6). */
export const VISITOR_ROLE = -1
export const COMPLAINT_ROLE_OPTIONS = [
  { value: 1002, label: '教职工' },
  { value: 1003, label: '学生' },
  { value: 1004, label: '家长' },
  { value: VISITOR_ROLE, label: '未登录访客' },
] as const

const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const id = z.id()

export const complaintConfig = z.object({
  enable: z.boolean().default(false),
  userRole: z
    .array(z.union([z.literal(1002), z.literal(1003), z.literal(1004), z.literal(VISITOR_ROLE)]))
    .max(4)
    .default([]),
  allowAnonymous: z.boolean().default(true),
})
export type ComplaintConfig = z.infer<typeof complaintConfig>
export const complaintConfigQuery = z.object({ orgId: z.coerce.number().int().optional() })

export const complaintHandler = z.object({ userInfoId: z.number(), trueName: z.string() })
export const complaintClassRow = z.object({ id: z.number(), name: z.string(), handlers: z.array(complaintHandler) })
export type ComplaintClassRow = z.infer<typeof complaintClassRow>
export const complaintClassBody = z.object({
  id: id.optional(),
  name: z
    .line({ message: ComplaintMsg.CLASS_NAME_REQUIRED })
    .trim()
    .min(1, ComplaintMsg.CLASS_NAME_REQUIRED)
    .max(30, '分类名称不能超过30个字'),
  handlerIds: z.array(z.id()).min(1, ComplaintMsg.HANDLER_REQUIRED).max(50),
})
export const complaintIdBody = z.object({ id })
export const complaintIdQuery = z.object({ id })

export const complaintSubmitBody = z.object({
  classId: z.coerce.number({ message: '请选择分类' }).int().min(1, '请选择分类'),
  title: z
    .line({ message: ComplaintMsg.TITLE_REQUIRED })
    .trim()
    .min(1, ComplaintMsg.TITLE_REQUIRED)
    .max(50, '标题不能超过50个字'),
  content: z
    .string({ message: ComplaintMsg.CONTENT_REQUIRED })
    .trim()
    .min(1, ComplaintMsg.CONTENT_REQUIRED)
    .max(2000, '内容不能超过2000个字'),
  phone: z
    .string()
    .trim()
    .regex(/^(1\d{10})?$/, ComplaintMsg.PHONE_INVALID)
    .default(''),
  anonymous: z.boolean().default(false),
})

export const complaintRow = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  title: z.string(),
  content: z.string(),
  phone: z.string().nullable(),
  anonymous: z.boolean(),
  /** Null when anonymous (only the submitter sees their own name). */
  submitterName: z.string().nullable(),
  status: z.number(),
  reply: z.string().nullable(),
  handlerName: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
})
export type ComplaintRow = z.infer<typeof complaintRow>

export const complaintMineBody = z.object({ ...paging })
export const complaintAdminBody = z.object({
  ...paging,
  /** all: the whole org (sc_menhu_newFeedback_config_list); mine: the classes the caller handles. */
  scope: z.enum(['all', 'mine']).default('mine'),
  classId: z.id().optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  /** yyyy-MM-dd, inclusive. */
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  keyword: z.string().trim().max(50).optional(),
})
export const complaintStatusBody = z.object({
  id,
  status: z.coerce.number().int().min(1).max(2),
  reply: z.string().trim().max(2000).default(''),
})
