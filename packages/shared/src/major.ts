import * as z from './z.js'

/** Faculties → majors → major directions of a higher-education (Z3) school (base-school/major/*). */
export const majorLevel = z.enum(['faculty', 'major', 'direction'])
export type MajorLevel = z.infer<typeof majorLevel>
export const MAJOR_PARENT: Record<MajorLevel, MajorLevel | null> = {
  faculty: null,
  major: 'faculty',
  direction: 'major',
}
export const MAJOR_LABEL: Record<MajorLevel, string> = { faculty: '院系', major: '专业', direction: '专业方向' }

export const majorAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  level: majorLevel,
  parentId: z.coerce.number().int().optional().nullable(),
  name: z.line({ message: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称不能超过50个字符'),
  code: z.line().trim().max(30).optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type MajorAddBody = z.infer<typeof majorAddBody>
export const majorUpdateBody = majorAddBody
  .pick({ name: true, code: true, sort: true })
  .partial()
  .extend({ id: z.id() })
export type MajorUpdateBody = z.infer<typeof majorUpdateBody>
export const majorRow = z.object({
  id: z.number(),
  orgId: z.number(),
  level: z.string(),
  parentId: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
})
export type MajorRow = z.infer<typeof majorRow>

export const MajorMsg = {
  NOT_Z3: '只有高等教育（Z3）学校可以设置院系和专业',
  WRONG_PARENT: '上级不正确：专业须属于院系，专业方向须属于专业',
  NAME_TAKEN: '同一上级下已存在同名项',
  HAS_CHILDREN: '存在下级专业或方向，无法删除',
  NOT_FOUND: '院系或专业不存在',
} as const
