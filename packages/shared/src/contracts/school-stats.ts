/** /base/api/schoolStats: the autumn statistics snapshots (docs/school-year.md "The autumn statistics"). */
import { get, post } from '../contract.js'
import { snapshotExportQuery, snapshotGetBody, snapshotRow, snapshotTakeBody, snapshotView } from '../school-stats.js'
import * as z from '../z.js'

const B = '/base/api/schoolStats'
const tags = ['秋季统计']
export const schoolStatsContracts = {
  take: post(`${B}/snapshot/take`, {
    permission: 'base_school_stats_snapshot',
    tenantWide: true,
    tags,
    summary: '生成统计快照（全区，学年初）',
    body: snapshotTakeBody,
    data: snapshotRow,
  }),
  list: get(`${B}/snapshot/list`, {
    permission: 'base_school_stats',
    tags,
    summary: '统计快照列表（最新在前）',
    data: z.array(snapshotRow),
  }),
  get: post(`${B}/snapshot/get`, {
    permission: 'base_school_stats',
    tags,
    summary: '一个统计快照（学校管理员只见本校）；没有快照时为 null',
    body: snapshotGetBody,
    data: snapshotView.nullable(),
  }),
  export: get(`${B}/snapshot/export`, {
    permission: 'base_school_stats',
    tags,
    summary: '导出统计快照（xlsx：学生数、班额、教师、生师比）',
    query: snapshotExportQuery,
    file: true,
  }),
}
