import * as z from './z.js'

const isoDate = (what: string) =>
  z
    .string({ message: `请选择${what}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), `${what}无效`)
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}

/** School calendar terms (calendarSet). */
export const calendarAddBody = z
  .object({
    orgId: z.coerce.number().int().optional(),
    schoolYear: z.string({ message: '请输入学年' }).regex(/^\d{4}-\d{4}$/, '学年格式应为2026-2027'),
    term: z.union([z.literal(1), z.literal(2)], { message: '请选择学期' }),
    name: z.line().trim().max(50).optional().nullable(),
    startDate: isoDate('开始日期'),
    endDate: isoDate('结束日期'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
export type CalendarAddBody = z.infer<typeof calendarAddBody>
export const calendarRow = z.object({
  id: z.number(),
  orgId: z.number(),
  schoolYear: z.string(),
  term: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  isCurrent: z.boolean(),
})
export type CalendarRow = z.infer<typeof calendarRow>
export const calendarPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  schoolYear: z.string().max(9).optional().nullable(),
  ...paging,
})

/** Holidays and make-up work days (holidaySet, addHoliday). */
export const holidayAddBody = z
  .object({
    orgId: z.coerce.number().int().optional(),
    calendarId: z.id().optional().nullable(),
    name: z
      .line({ message: '请输入节假日名称' })
      .trim()
      .min(1, '请输入节假日名称')
      .max(30, '节假日名称不能超过30个字符'),
    kind: z.enum(['holiday', 'workday']).default('holiday'),
    startDate: isoDate('开始日期'),
    endDate: isoDate('结束日期'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '节假日结束日期不能早于开始日期', path: ['endDate'] })
export type HolidayAddBody = z.infer<typeof holidayAddBody>
export const holidayRow = z.object({
  id: z.number(),
  orgId: z.number(),
  calendarId: z.number().nullable(),
  name: z.string(),
  kind: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
})
export type HolidayRow = z.infer<typeof holidayRow>
export const holidayPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  calendarId: z.id().optional().nullable(),
  ...paging,
})

export const CalendarMsg = {
  TERM_TAKEN: '该学年的这个学期已存在',
  OVERLAP: '与本校已有学期的时间重叠',
  OUTSIDE_TERM: '节假日须在所选学期之内',
  HAS_HOLIDAYS: '该学期下存在节假日，无法删除',
  NOT_FOUND: '校历不存在',
  HOLIDAY_NOT_FOUND: '节假日不存在',
} as const

/** Study months of a term (studyMonthSet): named date ranges inside the term that do not overlap. */
export const studyMonthBody = z
  .object({
    calendarId: z.id({ message: '请选择学期' }),
    name: z.line({ message: '请输入学月名称' }).trim().min(1, '请输入学月名称').max(20, '学月名称不能超过20个字符'),
    startDate: isoDate('开始日期'),
    endDate: isoDate('结束日期'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '结束日期不能早于开始日期', path: ['endDate'] })
export type StudyMonthBody = z.infer<typeof studyMonthBody>
export const studyMonthRow = z.object({
  id: z.number(),
  calendarId: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
})
export type StudyMonthRow = z.infer<typeof studyMonthRow>
export const StudyMonthMsg = {
  OUTSIDE_TERM: '学月须在所选学期之内',
  OVERLAP: '与已有学月时间重叠',
  NOT_FOUND: '学月不存在',
} as const
