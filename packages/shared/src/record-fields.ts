import * as z from './z.js'

/** Field rules the work-station, external-staff and personal-details forms share (not exported from the package). */
export const optId = z.id().optional().nullable()
export const optText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
export const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}
export const isoDate = (what: string) =>
  z.string({ message: `请选择${what}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为YYYY-MM-DD`)
