import {
  ErrorCode,
  IMPORT_KIND_VIEW_CODE,
  IMPORT_KINDS,
  IMPORT_MAX_ROWS,
  ImportMsg,
  ImportStatus,
  PeopleMsg,
  isSchoolUnit,
  type ImportKind,
  type ImportTask,
} from '@zhixiao/shared'
import type { Readable } from 'node:stream'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { checkSheet, maskSheetValues, xlsxStream, type SheetColumn } from '../../platform/excel.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { importKindDef } from './kinds.js'
import { importRunner } from './runner.js'
import {
  cancelOpenJob,
  findJob,
  findOrgUnitAttr,
  findTask,
  findUserName,
  insertJob,
  listCurrentTasks,
  listJobErrors,
  pageOrgTasks,
} from './queries.js'

export function importTemplate(kind: ImportKind): Readable {
  return xlsxStream('导入模板', importKindDef(kind).columns, [])
}

/**
 * Checks the file at once (type, header, at least one row: a clear message and no job otherwise), then
 * queues a job holding the file; the runner does the rest in the background.
 */
export async function startImport(
  ctx: AppContext,
  auth: AuthInfo,
  kind: ImportKind,
  fileName: string,
  file: Buffer,
  orgId?: number,
): Promise<ImportTask> {
  const def = importKindDef(kind)
  await checkSheet(file, def.columns, IMPORT_MAX_ROWS)
  const id = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const o = await findOrgUnitAttr(trx, org)
    if (def.schoolOnly && !isSchoolUnit(o.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.NOT_SCHOOL)
    const me = await findUserName(trx, auth.userInfoId)
    const id = await insertJob(trx, {
      org_id: org,
      kind,
      file_name: fileName.slice(0, 200),
      file,
      created_by: auth.userInfoId,
      created_by_name: me.true_name,
      message: null,
      finished_at: null,
    })
    await recordOp(trx, auth, {
      module: '人员导入',
      action: `导入${IMPORT_KINDS[kind]}`,
      target: fileName,
      important: true,
    })
    return id
  })
  importRunner(ctx).kick()
  return taskDetail(ctx, auth, id)
}

type TaskRow = Omit<ImportTask, 'rate' | 'percentage'>
/** Progress 0–100 under both names the specs use: rate (000 §3) and percentage (001 §3). */
const withRate = (t: TaskRow): ImportTask => {
  const rate =
    t.status === ImportStatus.DONE ? 100 : t.totalCount ? Math.floor((t.processedCount * 100) / t.totalCount) : 0
  return { ...t, rate, percentage: rate }
}

/** The kinds of job the caller may see: those whose area code they hold (IMPORT_KIND_VIEW_CODE). */
async function visibleKinds(trx: Trx, auth: AuthInfo): Promise<ImportKind[]> {
  const held = new Set((await loadGrants(trx, auth.userInfoId)).permissions)
  const kinds = (Object.keys(IMPORT_KIND_VIEW_CODE) as ImportKind[]).filter((k) => held.has(IMPORT_KIND_VIEW_CODE[k]))
  // Never empty in practice (the route needs one of the codes); a lone impossible kind keeps `in (...)` valid SQL.
  return kinds.length ? kinds : ['-' as ImportKind]
}

/** A job of the caller's org or below, of a kind the caller may see. */
async function jobFor(trx: Trx, auth: AuthInfo, id: number) {
  const j = await findJob(trx, id)
  if (!j || !(await visibleKinds(trx, auth)).includes(j.kind as ImportKind)) throw notFound(ImportMsg.NOT_FOUND)
  await scopedOrg(trx, auth, j.org_id).catch(() => {
    throw notFound(ImportMsg.NOT_FOUND)
  })
  return j
}

export function taskDetail(ctx: AppContext, auth: AuthInfo, id: number): Promise<ImportTask> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await jobFor(trx, auth, id)
    return withRate(await findTask(trx, id))
  })
}

export function pageTasks(
  ctx: AppContext,
  auth: AuthInfo,
  q: { type?: ImportKind | null; pageIndex: number; pageSize: number },
): Promise<Page<ImportTask>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const kinds = await visibleKinds(trx, auth)
    const page = await pageOrgTasks(trx, auth.orgId, kinds, q.type, q)
    return { ...page, list: page.list.map(withRate) }
  })
}

/** The caller's own jobs still running plus those finished in the last minute, for the progress panel. */
export function currentTasks(ctx: AppContext, auth: AuthInfo): Promise<ImportTask[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const kinds = await visibleKinds(trx, auth)
    const rows = await listCurrentTasks(trx, auth.userInfoId, kinds, new Date(ctx.clock.now().getTime() - 60_000))
    return rows.map(withRate)
  })
}

/** Stops a queued or running job after its current batch; the rows already written stay. */
export function cancelTask(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const j = await jobFor(trx, auth, id)
    const now = ctx.clock.now()
    const done = await cancelOpenJob(trx, j.id, now)
    if (!done) throw refused(ErrorCode.BAD_REQUEST, ImportMsg.NOT_RUNNING)
    await recordOp(trx, auth, { module: '人员导入', action: '取消导入', target: j.file_name })
  })
}

/** The rejected rows' numbers and reasons, without their data (nothing personal to mask). */
export async function errorReasons(
  ctx: AppContext,
  auth: AuthInfo,
  id: number,
): Promise<{ rowNo: number; reason: string }[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await jobFor(trx, auth, id)
    return (await listJobErrors(trx, id)).map((r) => ({ rowNo: r.row_no, reason: r.reason }))
  })
}

/** The rejected rows of a job with their reasons, in the template's columns plus 错误原因, to fix and re-import. */
export async function errorRows(
  ctx: AppContext,
  auth: AuthInfo,
  id: number,
): Promise<{ name: string; body: Readable }> {
  const j = await ctx.db.tenant(auth.tenantId, (trx) => jobFor(trx, auth, id))
  const def = importKindDef(j.kind as ImportKind)
  const columns: SheetColumn[] = [
    { header: '行号', key: '__row', width: 8 },
    ...def.columns,
    { header: '错误原因', key: '__reason', width: 30 },
  ]
  const rows = await ctx.db.tenant(auth.tenantId, (trx) => listJobErrors(trx, id))
  return {
    name: `${j.file_name.replace(/\.xlsx$/i, '')}-错误数据.xlsx`,
    body: xlsxStream(
      '错误数据',
      columns,
      rows.map((r) => ({ ...maskSheetValues(def.columns, r.data), __row: r.row_no, __reason: r.reason })),
    ),
  }
}
