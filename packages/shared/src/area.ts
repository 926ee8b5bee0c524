import * as z from './z.js'

/** Administrative levels (省/市/区县/乡镇 …) and areas (GB/T 2260 codes), platform reference data kept by the super administrator. */
export const adminLevelBody = z.object({
  name: z.line({ message: '请输入级别名称' }).trim().min(1, '请输入级别名称').max(20, '级别名称不能超过20个字符'),
  sort: z.coerce.number().int().min(0).max(999).default(0),
})
export type AdminLevelBody = z.infer<typeof adminLevelBody>
export const adminLevelRow = z.object({ id: z.number(), name: z.string(), sort: z.number(), areaCount: z.number() })
export type AdminLevelRow = z.infer<typeof adminLevelRow>

export const areaBody = z.object({
  code: z.string({ message: '请输入区划代码' }).regex(/^\d{6}(\d{3})?$/, '区划代码应为6位或9位数字'),
  name: z.line({ message: '请输入区域名称' }).trim().min(1, '请输入区域名称').max(30, '区域名称不能超过30个字符'),
  parentCode: z
    .string()
    .regex(/^\d{6}(\d{3})?$/, '上级区划代码有误')
    .optional()
    .nullable(),
  levelId: z.id({ message: '请选择行政级别' }),
})
export type AreaBody = z.infer<typeof areaBody>
export const areaRow = z.object({
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  levelId: z.number(),
  levelName: z.string(),
  childCount: z.number(),
})
export type AreaRow = z.infer<typeof areaRow>

export const AreaMsg = {
  LEVEL_TAKEN: '已存在同名行政级别',
  LEVEL_IN_USE: '该行政级别已被区域使用，无法删除',
  CODE_TAKEN: '区划代码已存在',
  PARENT_MISSING: '上级区域不存在',
  HAS_CHILDREN: '该区域下存在下级区域，无法删除',
  NOT_FOUND: '区域不存在',
  LEVEL_NOT_FOUND: '行政级别不存在',
} as const
