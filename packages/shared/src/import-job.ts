import * as z from './z.js'

/**
 * Persisted import jobs (000 §3 import task, §4 polled every 2 s, 001 import progress panel). A job is queued,
 * runs in batches, and ends done, cancelled or failed; rejected rows are kept with their reason.
 */
export const IMPORT_KINDS = {
  teacher: '教师',
  student: '学生',
  parent: '家长',
  roleUser: '角色人员',
  intake: '新生',
} as const
export type ImportKind = keyof typeof IMPORT_KINDS
/**
 * The page code that shows a kind's jobs in the import log and the progress panel: people imports belong to 人员管理,
 * role-member imports to 角色授权. A caller sees only the kinds whose code they hold.
 */
export const IMPORT_KIND_VIEW_CODE: Record<ImportKind, string> = {
  teacher: 'base_user_account',
  student: 'base_user_account',
  parent: 'base_user_account',
  roleUser: 'permission_role',
  // New students of the intake grade (docs/school-year.md "Intake"): the 新生入学 page.
  intake: 'base_intake',
}
export const ImportStatus = { QUEUED: 0, RUNNING: 1, DONE: 2, CANCELLED: 3, FAILED: 4 } as const
export const IMPORT_STATUS_LABEL: Record<number, string> = {
  0: '排队中',
  1: '导入中',
  2: '已完成',
  3: '已取消',
  4: '失败',
}
/** A file may hold at most this many rows. */
export const IMPORT_MAX_ROWS = 100_000

export const ImportMsg = {
  STARTED: '导入任务已创建',
  CANCELLED: '导入任务取消成功',
  NOT_RUNNING: '导入任务已结束，无法取消',
  NOT_FOUND: '导入任务不存在',
  CANCEL_CONFIRM: '取消将停止导入，是否继续取消 ?',
} as const

export const importTask = z.object({
  importLogId: z.number(),
  fileName: z.string(),
  type: z.string(),
  status: z.number(),
  processedCount: z.number(),
  totalCount: z.number(),
  successCount: z.number(),
  failCount: z.number(),
  /** 0–100 (000 §3 calls it rate). */
  rate: z.number(),
  /** The same value under 001 §3's name; the web progress widget reads this one. */
  percentage: z.number(),
  message: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string(),
  finishedAt: z.string().nullable(),
})
export type ImportTask = z.infer<typeof importTask>
export const importLogPageBody = z.object({
  type: z.enum(['teacher', 'student', 'parent', 'roleUser', 'intake']).optional().nullable(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const importErrorRow = z.object({
  rowNo: z.number(),
  reason: z.string(),
  data: z.record(z.string(), z.string()),
})
