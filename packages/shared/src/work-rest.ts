import * as z from './z.js'

const hhmm = (what: string) =>
  z.string({ message: `请选择${what}` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${what}格式应为HH:mm`)
const isoDate = (what: string) =>
  z.string({ message: `请选择${what}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为YYYY-MM-DD`)

/** Work-and-rest schedules (workAndRest, workAndRestDetail): a named schedule valid over dates, with time slots. */
export const workRestAddBody = z
  .object({
    orgId: z.coerce.number().int().optional(),
    name: z.line({ message: '请输入作息名称' }).trim().min(1, '请输入作息名称').max(30, '作息名称不能超过30个字符'),
    typeName: z.line().trim().max(20).optional().nullable(),
    startDate: isoDate('生效日期'),
    endDate: isoDate('失效日期'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '失效日期不能早于生效日期', path: ['endDate'] })
export type WorkRestAddBody = z.infer<typeof workRestAddBody>
export const workRestRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  typeName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  slotCount: z.number(),
})
export type WorkRestRow = z.infer<typeof workRestRow>

/** Time slots: lessons, breaks and others (workRestTime; workRestType is the slot kind). */
export const workRestSlotKind = z.enum(['lesson', 'break', 'other'])
export const workRestTimeBody = z
  .object({
    workRestId: z.id(),
    name: z.line({ message: '请输入时段名称' }).trim().min(1, '请输入时段名称').max(20, '时段名称不能超过20个字符'),
    kind: workRestSlotKind.default('lesson'),
    startTime: hhmm('开始时间'),
    endTime: hhmm('结束时间'),
  })
  .refine((b) => b.endTime > b.startTime, { message: '结束时间须晚于开始时间', path: ['endTime'] })
export type WorkRestTimeBody = z.infer<typeof workRestTimeBody>
export const workRestTimeRow = z.object({
  id: z.number(),
  workRestId: z.number(),
  name: z.string(),
  kind: z.string(),
  startTime: z.string(),
  endTime: z.string(),
})
export type WorkRestTimeRow = z.infer<typeof workRestTimeRow>

export const WorkRestMsg = {
  NAME_TAKEN: '已存在同名作息',
  OVERLAP: '与已有时段重叠',
  NOT_FOUND: '作息不存在',
  SLOT_NOT_FOUND: '时段不存在',
} as const

/** workRest/page: a school's schedules, at most 200 a page (the web lists them all in one). */
export const workRestPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
})
export type WorkRestPageBody = z.infer<typeof workRestPageBody>
