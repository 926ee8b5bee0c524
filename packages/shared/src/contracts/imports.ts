/** /base/api/commonImportLog (import logs and running tasks) and the import calls of each kind's route group. */
import { get, post } from '../contract.js'
import { IMPORT_KIND_VIEW_CODE, IMPORT_KINDS, importLogPageBody, importTask, type ImportKind } from '../import-job.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'
import { idBody } from './common.js'

/** downloadExcelTemplate and importExcel of one kind of person, inside that kind's route group (`base`). */
export function importCalls<const B extends string>(
  base: B,
  kind: ImportKind,
  tags: readonly string[],
  permission: string,
) {
  const noun = IMPORT_KINDS[kind]
  return {
    downloadExcelTemplate: get(`${base}/downloadExcelTemplate`, {
      permission,
      tags,
      summary: `${noun}导入模板（xlsx）`,
      file: true,
    }),
    importExcel: post(`${base}/importExcel`, {
      permission,
      tags,
      summary: `导入${noun}（multipart 文件字段 file，可选字段 orgId；创建导入任务，进度见 commonImportLog）`,
      upload: true,
      data: importTask,
    }),
  }
}
export type ImportCalls = ReturnType<typeof importCalls<string>>

const L = '/base/api/commonImportLog'
const tags = ['导入任务']
// Any area that imports; the service then shows only the kinds of the caller's codes.
const access = { permission: [...new Set(Object.values(IMPORT_KIND_VIEW_CODE))] }
export const importLogContracts = {
  logPage: post(`${L}/log/page`, {
    ...access,
    tags,
    summary: '导入记录分页（本机构）',
    body: importLogPageBody,
    data: pageOf(importTask),
  }),
  logDetail: get(`${L}/log/detail`, {
    ...access,
    tags,
    summary: '导入任务详情与进度',
    query: idBody,
    data: importTask,
  }),
  logErrors: get(`${L}/log/errors`, {
    ...access,
    tags,
    summary: '导入失败的行（xlsx，含错误原因）',
    query: idBody,
    file: true,
  }),
  // The reasons alone (row number and message, no row data): a page lists them without a download.
  logReasons: get(`${L}/log/reasons`, {
    ...access,
    tags,
    summary: '导入失败的行号与原因（不含数据）',
    query: idBody,
    data: z.array(z.object({ rowNo: z.number(), reason: z.string() })),
  }),
  currentTasks: get(`${L}/task/current`, {
    ...access,
    tags,
    summary: '当前用户进行中（及一分钟内结束）的导入任务',
    data: z.array(importTask),
  }),
  cancelTask: post(`${L}/task/cancel`, { ...access, tags, summary: '取消导入任务', body: idBody }),
}
