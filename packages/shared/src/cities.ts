import * as z from './z.js'

/**
 * /base/api/cities (000 §7.9): the platform's area tree (kept under /base/api/eduarea by the super administrator)
 * read the way city pickers need it: a cascader level, a search by name with full names, and the path of a code.
 */
const areaCode = (msg: string) => z.string({ message: msg }).regex(/^\d{6}(\d{3})?$/, msg)

export const citySelectQuery = z.object({
  parentCode: areaCode('上级区划代码应为6位或9位数字').optional(),
  keyword: z.line().max(20, '关键字不能超过20个字符').optional(),
})
export type CitySelectQuery = z.infer<typeof citySelectQuery>
export const cityOption = z.object({
  code: z.string(),
  name: z.string(),
  parentCode: z.string().nullable(),
  levelName: z.string(),
  /** Names from the top down, joined by / (广东省/广州市/天河区). */
  fullName: z.string(),
  isLeaf: z.boolean(),
})
export type CityOption = z.infer<typeof cityOption>
/** A search lists at most this many areas. */
export const CITY_SEARCH_MAX = 50

export const cityPathQuery = z.object({ code: areaCode('区划代码应为6位或9位数字') })
