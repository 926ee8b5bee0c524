import * as z from './z.js'
import { parseIdCard } from './id-card.js'
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
/** The masks the list shows (field policy: phone 3+4, ID 6+2): an edit form sends them back when left unchanged. */
const PHONE_MASK = /^1\d{2}\*{4}\d{4}$/
const ID_CARD_MASK = /^\d{6}\*{10}[\dX]{2}$/
/**
 * An edit takes the full value or the list's mask unchanged (the server then keeps what it holds: keepUnlessChanged);
 * a mask that is not the stored value's is refused by the server (ExternalMsg.MASK_CHANGED).
 */
const editFields = {
  ...externalFields,
  phone: z
    .string({ message: '请输入手机号' })
    .trim()
    .max(11, '手机号格式不正确')
    .refine((v) => /^1\d{10}$/.test(v) || PHONE_MASK.test(v), '手机号格式不正确'),
  idCard: z
    .string()
    .trim()
    .max(18, '身份证号格式不正确')
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || parseIdCard(v) !== null || ID_CARD_MASK.test(v), '身份证号格式不正确'),
}
export const externalUpdateBody = z.object({ id: z.id(), ...editFields }).refine(endAfterStart.check, endAfterStart.msg)
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
export const ExternalMsg = {
  NOT_FOUND: '外聘人员不存在',
  PHONE_TAKEN: '本机构已有该手机号的外聘人员',
  MASK_CHANGED: '请输入完整的手机号或身份证号（打码的值只能原样保留）',
} as const
