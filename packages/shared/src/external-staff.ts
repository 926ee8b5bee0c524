import * as z from './z.js'
import { idCardField, mobileField, trueNameField } from './people.js'
import { isoDate, optId, optText, paging } from './record-fields.js'

/** external (000 §7.9): 外聘人员 of an org (external hires: name, phone, their employer, the job, the contract period). */
const externalFields = {
  name: trueNameField,
  phone: mobileField,
  idCard: idCardField,
  company: optText(50, '所属单位'),
  jobId: optId,
  startDate: isoDate('聘用开始日期'),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '聘用结束日期格式应为YYYY-MM-DD')
    .optional()
    .nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  remark: optText(200, '备注'),
}
const endAfterStart = {
  check: (b: { startDate: string; endDate: string | null }) => !b.endDate || b.endDate >= b.startDate,
  msg: { message: '聘用结束日期不能早于开始日期', path: ['endDate'] },
}
export const externalAddBody = z
  .object({ orgId: z.coerce.number().int().optional(), ...externalFields })
  .refine(endAfterStart.check, endAfterStart.msg)
export type ExternalAddBody = z.infer<typeof externalAddBody>
export const externalUpdateBody = z
  .object({ id: z.id(), ...externalFields })
  .refine(endAfterStart.check, endAfterStart.msg)
export type ExternalUpdateBody = z.infer<typeof externalUpdateBody>
export const externalPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  keyword: z.string().trim().max(30).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type ExternalPageBody = z.infer<typeof externalPageBody>
export const externalRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  phone: z.string(),
  idCard: z.string().nullable(),
  company: z.string().nullable(),
  jobId: z.number().nullable(),
  jobName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.number(),
  remark: z.string().nullable(),
})
export type ExternalRow = z.infer<typeof externalRow>
export const ExternalMsg = { NOT_FOUND: '外聘人员不存在', PHONE_TAKEN: '本机构已有该手机号的外聘人员' } as const
