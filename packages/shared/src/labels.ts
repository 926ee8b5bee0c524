import { UNIT_ATTR_SCHOOL_THRESHOLD } from './constants.js'

/**
 * The Chinese names of the codes a person meets (one mapping for every screen, export and message): unit
 * attributes, trades, app (school stage) types, tenant modes and on/off status. A screen shows the name, never the
 * number behind it.
 */
export type CodeLabels = Readonly<Record<number, string>>

/**
 * Unit attributes (单位属性). The spec fixes only the threshold (below 8 bureau-like, 8 and above a school); the
 * names of the single values are this project's (docs/base-data.md).
 */
export const UNIT_ATTR_LABEL: CodeLabels = {
  0: '平台',
  1: '省级教育行政部门',
  2: '市级教育行政部门',
  3: '县级教育行政部门',
  4: '区级教育行政部门',
  5: '教研机构',
  6: '电教信息机构',
  7: '其他教育单位',
  8: '小学',
  9: '中学',
  10: '高等院校',
  11: '中等职业学校',
  12: '幼儿园',
  13: '特殊教育学校',
  14: '一贯制学校',
  15: '培训机构',
  16: '其他学校',
}
/** The highest unit attribute with a name; the schemas refuse anything above. */
export const UNIT_ATTR_MAX = 16

export const TRADE_LABEL: CodeLabels = { 1: '学校', 2: '医疗', 3: '通用' }
/** School stage of a school tenant or organisation: appType 1 primary/secondary (Z12), 2 higher education (Z3). */
export const SCHOOL_STAGE_LABEL: CodeLabels = { 1: '中小学（Z12）', 2: '高等教育（Z3）' }
export const TENANT_MODULE_TYPE_LABEL: CodeLabels = { 0: '学校门户', 1: '局端', 3: '通用', 4: '局端服务' }
/** 0 enabled, 1 disabled: every record with a toggle. */
export const STATUS_LABEL: CodeLabels = { 0: '启用', 1: '停用' }

/** A code's name; an unknown or empty code reads as — (a raw number is never shown). */
export function labelOf(labels: CodeLabels, code: number | null | undefined): string {
  return code === null || code === undefined ? '—' : (labels[code] ?? '—')
}

/** Select options of a mapping, in code order. */
export function optionsOf(labels: CodeLabels): { value: number; label: string }[] {
  return Object.entries(labels).map(([v, label]) => ({ value: Number(v), label }))
}

/** The unit attributes as select options in two groups, schools (the usual choice) first, then bureau-like units. */
export function unitAttrOptionGroups(): { label: string; options: { value: number; label: string }[] }[] {
  const all = optionsOf(UNIT_ATTR_LABEL)
  return [
    { label: '学校', options: all.filter((o) => o.value >= UNIT_ATTR_SCHOOL_THRESHOLD) },
    { label: '局机关等单位', options: all.filter((o) => o.value < UNIT_ATTR_SCHOOL_THRESHOLD) },
  ]
}

/** A unit attribute typed by a person (an Excel cell): its name, or the number for files written before names. */
export function parseUnitAttr(text: string): number | null {
  const t = text.trim()
  const byName = optionsOf(UNIT_ATTR_LABEL).find((o) => o.label === t)
  if (byName) return byName.value
  const n = Number(t)
  return t !== '' && Number.isInteger(n) && n >= 0 && n <= UNIT_ATTR_MAX ? n : null
}
