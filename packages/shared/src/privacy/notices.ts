/**
 * The tenant's privacy notices (issue 26 point 7; docs/privacy.md "Privacy notice and annual audit"): 服务条款, 隐私政策
 * and the dedicated children's notice 儿童个人信息保护规则 (儿童个人信息网络保护规定 art. 8). Each kind has numbered
 * versions; a published version never changes (the accepted version at sign-up must keep meaning the text that was
 * shown), an edit is a draft that becomes the next version when the top org's admin publishes it.
 */
import * as z from '../z.js'
import { NOTICE_KINDS } from './notice-kinds.js'

export const NoticeMsg = {
  KIND: '文档类型不正确',
  TITLE: '请输入标题（不超过100个字）',
  BODY: '请输入正文',
  BODY_LONG: '正文过长（不超过20万字符）',
  NO_DRAFT: '没有待发布的草稿，请先保存草稿',
  NOT_FOUND: '文档版本不存在',
  PUBLISHED: '已发布新版本',
  DRAFT_SAVED: '草稿已保存',
  DRAFT_DELETED: '草稿已删除',
  STALE: '平台文档已更新，请阅读最新版本后重新提交',
  NO_TENANT: '未找到所属平台',
} as const

const kind = z.enum(NOTICE_KINDS, { message: NoticeMsg.KIND })

/** GET current: the tenant is the query's, else the login page's header, else the org's (the login page's ?orgId=). */
export const noticeCurrentQuery = z.object({
  kind,
  tenantId: z.coerce.number().int().positive().optional(),
  orgId: z.coerce.number().int().positive().optional(),
})
export const noticeVersionsQuery = noticeCurrentQuery.omit({ kind: true })

export const noticeDoc = z.object({
  id: z.number(),
  kind,
  /** Null while a draft. */
  version: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
  updatedAt: z.string(),
})
export type NoticeDoc = z.infer<typeof noticeDoc>

/** What a sign-up form shows and sends back: the current version of each kind the tenant has published. */
export const noticeVersionRef = z.object({ kind, version: z.number().int().positive(), title: z.string() })
export type NoticeVersionRef = z.infer<typeof noticeVersionRef>

export const noticeAccepted = z.object({
  kind,
  version: z.number().int().positive({ message: NoticeMsg.STALE }).max(1_000_000, NoticeMsg.STALE),
})
export type NoticeAccepted = z.infer<typeof noticeAccepted>

export const noticeKindQuery = z.object({ kind })
export const noticeIdQuery = z.object({ id: z.coerce.number().int().positive({ message: NoticeMsg.NOT_FOUND }) })

export const noticeDraftBody = z.object({
  kind,
  title: z.line({ message: NoticeMsg.TITLE }).min(1, NoticeMsg.TITLE).max(100, NoticeMsg.TITLE),
  /** Html, cleaned by the server's allow-list (the CMS's sanitiser) before it is stored. */
  body: z.string({ message: NoticeMsg.BODY }).min(1, NoticeMsg.BODY).max(200_000, NoticeMsg.BODY_LONG),
})
export type NoticeDraftBody = z.infer<typeof noticeDraftBody>

/** The admin list: every version of each kind, newest first, and the kind's draft if there is one (no bodies). */
export const noticeListRow = noticeDoc.omit({ body: true })
export type NoticeListRow = z.infer<typeof noticeListRow>

/** The versions the signed-in account accepted (at sign-up), for the personal centre. */
export const myNoticeAcceptance = z.object({
  kind,
  version: z.number(),
  title: z.string(),
  acceptedAt: z.string(),
  /** Whether a newer version has been published since. */
  superseded: z.boolean(),
})
export type MyNoticeAcceptance = z.infer<typeof myNoticeAcceptance>

/** The annual audit pack of minors' data (未成年人网络保护条例 art. 37): one workbook for a calendar year. */
export const AuditMsg = {
  YEAR: '请选择2020年至今的年份',
} as const
export const auditPackQuery = z.object({
  year: z.coerce
    .number({ message: AuditMsg.YEAR })
    .int(AuditMsg.YEAR)
    .min(2020, AuditMsg.YEAR)
    .max(2100, AuditMsg.YEAR),
})
export type AuditPackQuery = z.infer<typeof auditPackQuery>
