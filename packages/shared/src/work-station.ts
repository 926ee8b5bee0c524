import * as z from './z.js'
import { optId, optText, paging } from './record-fields.js'

/** workStationMatrix (000 §7.9): 岗位设置 — each cell is a job (岗位 dictionary) at a level with its approved headcount (docs/base-data.md). */
export const WORK_STATION_LEVEL_MAX = 13
const levelMsg = `岗位等级为1-${WORK_STATION_LEVEL_MAX}级`
export const workStationAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  jobId: z.id({ message: '请选择岗位' }),
  level: z.coerce
    .number({ message: '请选择岗位等级' })
    .int(levelMsg)
    .min(1, levelMsg)
    .max(WORK_STATION_LEVEL_MAX, levelMsg),
  quota: z.coerce
    .number({ message: '请输入核定岗位数' })
    .int('核定岗位数应为整数')
    .min(0, '核定岗位数不能小于0')
    .max(9999, '核定岗位数不能超过9999'),
  remark: optText(200, '备注'),
})
export type WorkStationAddBody = z.infer<typeof workStationAddBody>
export const workStationUpdateBody = workStationAddBody.omit({ orgId: true }).extend({ id: z.id() })
export type WorkStationUpdateBody = z.infer<typeof workStationUpdateBody>
export const workStationPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  jobId: optId,
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type WorkStationPageBody = z.infer<typeof workStationPageBody>
export const workStationRow = z.object({
  id: z.number(),
  orgId: z.number(),
  jobId: z.number(),
  jobName: z.string(),
  level: z.number(),
  name: z.string(),
  quota: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
})
export type WorkStationRow = z.infer<typeof workStationRow>
/** The matrix of one org: rows are the jobs on offer (岗位 dictionary), columns the levels in use, cells the settings. */
export const workStationMatrix = z.object({
  jobs: z.array(z.object({ id: z.number(), name: z.string() })),
  levels: z.array(z.number()),
  cells: z.array(workStationRow),
  totalQuota: z.number(),
})
export type WorkStationMatrix = z.infer<typeof workStationMatrix>
export const workStationListItem = workStationRow.pick({
  id: true,
  jobId: true,
  jobName: true,
  level: true,
  name: true,
  quota: true,
})
export type WorkStationListItem = z.infer<typeof workStationListItem>
export const workStationName = (jobName: string, level: number) => `${jobName}${level}级`
export const WorkStationMsg = {
  TAKEN: '该岗位的此等级已设置',
  NOT_FOUND: '岗位设置不存在',
  JOB_NOT_FOUND: '岗位不存在',
} as const
