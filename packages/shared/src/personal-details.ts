import * as z from './z.js'
import { maskableEmailField } from './people.js'
import { optId, optText } from './record-fields.js'

/** userInfo/personalDetails (000 §7.9): the signed-in member's own details and the part they keep themselves. */
export const personalDetails = z.object({
  userInfoId: z.number(),
  userType: z.number(),
  trueName: z.string(),
  userName: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  phone: z.string().nullable(),
  idCard: z.string().nullable(),
  sex: z.number().nullable(),
  birthday: z.string().nullable(),
  nation: z.string().nullable(),
  email: z.string().nullable(),
  politicalStatusId: z.number().nullable(),
  educationId: z.number().nullable(),
  degreeId: z.number().nullable(),
  jobNo: z.string().nullable(),
  deptName: z.string().nullable(),
  positionName: z.string().nullable(),
  titleName: z.string().nullable(),
  enteredOn: z.string().nullable(),
})
export type PersonalDetails = z.infer<typeof personalDetails>
/**
 * What a member edits about themselves; name, phone and ID card stay with the administrators (and the verify form).
 * The page shows the member's own record unmasked, but the update still accepts a masked value back like every
 * people edit (people.ts maskable fields): the server keeps the stored value for its exact mask, refuses any other.
 */
export const personalDetailsUpdateBody = z.object({
  sex: z.coerce.number().int().min(0, '性别有误').max(1, '性别有误').optional().nullable(),
  birthday: z
    .string()
    .regex(/^\d{4}-(\d{2}-\d{2}|\*\*-\*\*)$/, '出生日期格式应为YYYY-MM-DD')
    .optional()
    .nullable()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  nation: optText(20, '民族'),
  email: maskableEmailField,
  politicalStatusId: optId,
  educationId: optId,
  degreeId: optId,
})
export type PersonalDetailsUpdateBody = z.infer<typeof personalDetailsUpdateBody>
