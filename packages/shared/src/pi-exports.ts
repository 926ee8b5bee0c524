/**
 * Export approval (issue 26 point 4; docs/privacy.md "Export approval"): the tenant's personal-information officer
 * and the approvers they name, and the requests for an unmasked export (or a masked export of many minors), which
 * run as jobs once approved and leave a watermarked file behind a link that expires.
 */
import { parentPageBody, studentPageBody, teacherPageBody } from './people.js'
import * as z from './z.js'

export * from './privacy/export-codes.js'

/**
 * A masked student export of more minors than this is a request too (a tenant setting, null = no limit). A class (≈50)
 * or a grade (≈300–600) stays immediate; the whole of a mid-sized school does not.
 */
export const DEFAULT_MINOR_ROW_LIMIT = 1000
/** How long a produced file can be downloaded (hours). */
export const EXPORT_LINK_HOURS = 24

export const EXPORT_KINDS = ['student', 'teacher', 'parent'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]
export const EXPORT_KIND_LABEL: Record<ExportKind, string> = { student: '学生', teacher: '教师', parent: '家长' }

/** pending 待审批 → refused 已拒绝 | queued 已批准 → running 生成中 → done 可下载 | failed 生成失败. */
export const EXPORT_STATUSES = ['pending', 'refused', 'queued', 'running', 'done', 'failed'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]
export const EXPORT_STATUS_LABEL: Record<ExportStatus | 'expired', string> = {
  pending: '待审批',
  refused: '已拒绝',
  queued: '已批准，排队中',
  running: '生成中',
  done: '可下载',
  failed: '生成失败',
  expired: '链接已过期',
}

export const ExportMsg = {
  PURPOSE: '请填写导出用途（4-200个字）',
  COMMENT: '审批意见不能超过200个字',
  REFUSE_COMMENT: '拒绝时请填写审批意见（2-200个字）',
  NOT_FOUND: '导出申请不存在',
  OWN_REQUEST: '不能审批自己提交的申请',
  NOT_REVIEWER: '只有个人信息保护负责人或其指定的审批人可以审批',
  DONE_ALREADY: '该申请已被处理',
  NO_REVIEWER: '本单位尚未指定个人信息保护负责人，暂不能申请导出完整信息',
  NOT_OFFICER: '只有个人信息保护负责人或顶级机构的管理员可以指定审批人',
  OFFICER_NOT_TOP: '个人信息保护负责人须是顶级机构的成员',
  MEMBER_NOT_FOUND: '人员不存在',
  APPROVER_EXISTS: '该人员已是审批人',
  NOT_READY: '文件尚未生成',
  EXPIRED: '下载链接已过期，请重新申请',
  NOT_REQUESTER: '只有申请人本人可以下载',
  BAD_TOKEN: '下载链接无效',
  MASKED_ONLY_STUDENTS: '只有学生导出需要按未成年人数量申请',
  TOO_MANY_MINORS: (n: number, limit: number) =>
    `本次导出含未成年学生${n}人，超过${limit}人需申请并经个人信息保护负责人审批（请使用“申请导出”）`,
} as const

const purpose = z.line({ message: ExportMsg.PURPOSE }).trim().min(4, ExportMsg.PURPOSE).max(200, ExportMsg.PURPOSE)
const withoutPaging = { pageIndex: true, pageSize: true } as const

/**
 * A request: what (the kind, its list's filters as on the page), why, and whether full values are asked (false: a
 * masked student export over the minors' limit).
 */
const requestOf = <K extends ExportKind, F extends z.ZodType>(kind: K, filter: F) =>
  z.object({ kind: z.literal(kind), filter, purpose, full: z.boolean().default(true) })
export const exportRequestBody = z.discriminatedUnion('kind', [
  requestOf('student', studentPageBody.omit(withoutPaging)),
  requestOf('teacher', teacherPageBody.omit(withoutPaging)),
  requestOf('parent', parentPageBody.omit(withoutPaging)),
])
export type ExportRequestBody = z.infer<typeof exportRequestBody>

const comment = z.line().trim().max(200, ExportMsg.COMMENT)
export const exportReviewBody = z.object({
  id: z.id({ message: '请选择申请' }),
  comment: comment.optional().nullable(),
})
export type ExportReviewBody = z.infer<typeof exportReviewBody>
export const exportRefuseBody = z.object({
  id: z.id({ message: '请选择申请' }),
  comment: z.line().trim().min(2, ExportMsg.REFUSE_COMMENT).max(200, ExportMsg.REFUSE_COMMENT),
})
export type ExportRefuseBody = z.infer<typeof exportRefuseBody>

export const exportPageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** mine: my own requests; review: the requests I may approve (officer and approvers). */
  box: z.enum(['mine', 'review'], { message: '列表类型不正确' }).default('mine'),
  status: z.enum(EXPORT_STATUSES, { message: '状态不正确' }).optional().nullable(),
})
export type ExportPageBody = z.input<typeof exportPageBody>

export const exportRequestRow = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  full: z.boolean(),
  orgName: z.string().nullable(),
  /** The filters in words (年级、班级、关键字 …). */
  filterText: z.string(),
  purpose: z.string(),
  requesterName: z.string(),
  requesterOrgName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Past its link's time (a done request whose file can no longer be downloaded). */
  expired: z.boolean(),
  reviewerName: z.string().nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rowCount: z.number().nullable(),
  error: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadCount: z.number(),
  /** The download token: only on the requester's own done request while its link is valid. */
  token: z.string().nullable(),
  /** The caller may approve or refuse it now (a pending request of someone else, and the caller reviews it). */
  canReview: z.boolean(),
})
export type ExportRequestRow = z.infer<typeof exportRequestRow>

export const exportDownloadBody = z.object({
  id: z.id({ message: '请选择申请' }),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, ExportMsg.BAD_TOKEN),
})

/** A member as the officer screen shows one: the membership, the name and the org. */
export const piMember = z.object({ userInfoId: z.number(), name: z.string(), orgName: z.string().nullable() })
export type PiMember = z.infer<typeof piMember>

export const piOfficerSettings = z.object({
  officer: piMember.nullable(),
  approvers: z.array(piMember),
  /** Masked student exports of more minors than this are requests (null: no limit). */
  minorRowLimit: z.number().nullable(),
  linkHours: z.number(),
  /** The caller may name the officer and the limit (the top org's administrator). */
  canSetOfficer: z.boolean(),
  /** The caller may name and remove approvers (the officer, or the top org's administrator). */
  canManageApprovers: z.boolean(),
  /** The caller reviews requests (the officer or an approver). */
  reviews: z.boolean(),
})
export type PiOfficerSettings = z.infer<typeof piOfficerSettings>

export const piOfficerSaveBody = z.object({
  officerUserInfoId: z.id({ message: '请选择个人信息保护负责人' }).nullable(),
  minorRowLimit: z.coerce
    .number({ message: '未成年人数量上限须为1-100000的整数' })
    .int('未成年人数量上限须为1-100000的整数')
    .min(1, '未成年人数量上限须为1-100000的整数')
    .max(100_000, '未成年人数量上限须为1-100000的整数')
    .nullable(),
})
export type PiOfficerSaveBody = z.infer<typeof piOfficerSaveBody>
export const piApproverBody = z.object({ userInfoId: z.id({ message: '请选择审批人' }) })
export const piCandidateBody = z.object({
  keyword: z.line().trim().max(50, '关键字不能超过50个字符').optional().nullable(),
  /** Only members of the top org (the officer's candidates). */
  top: z.boolean().optional(),
})
export type PiCandidateBody = z.infer<typeof piCandidateBody>
