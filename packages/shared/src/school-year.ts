import * as z from './z.js'

/**
 * The school year (issue 27; docs/school-year.md): written '2026-2027', starting on 1 September in China. Grades are
 * cohorts (grade.entry_year), so a grade's year level follows from the school year; roll-over relabels cohorts.
 */

/** '2026-2027': two consecutive years. */
export const schoolYearSchema = z
  .string()
  .regex(/^\d{4}-\d{4}$/, '学年格式应为 2026-2027')
  .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, '学年格式应为 2026-2027')

/** The month (1-based) a school year starts in. */
export const SCHOOL_YEAR_START_MONTH = 9

/** The school year a calendar day (YYYY-MM-DD, China) falls in: from 1 September to 31 August. */
export function schoolYearOf(day: string): string {
  const y = Number(day.slice(0, 4))
  const m = Number(day.slice(5, 7))
  const start = m >= SCHOOL_YEAR_START_MONTH ? y : y - 1
  return `${start}-${start + 1}`
}

/** The first calendar year of a school year ('2026-2027' → 2026). */
export const schoolYearStart = (schoolYear: string): number => Number(schoolYear.slice(0, 4))

/** The school year after `schoolYear`. */
export const nextSchoolYear = (schoolYear: string): string => {
  const s = schoolYearStart(schoolYear) + 1
  return `${s}-${s + 1}`
}

/** A cohort's year level in a school year: entering in 2026, it is level 1 in 2026-2027. */
export const yearLevel = (entryYear: number, schoolYear: string): number => schoolYearStart(schoolYear) - entryYear + 1

/** How many year levels each learning period (学段, dictionary learnPeriod) has, by its name. */
export const PERIOD_YEARS: Readonly<Record<string, number>> = { 小学: 6, 初中: 3, 高中: 3, 中职: 3 }

const CN_DIGITS = ['一', '二', '三', '四', '五', '六', '七', '八', '九']
/** Level names of a period: 小学 一年级…六年级; 初中 七年级…九年级; 高中 高一…高三. */
export function gradeNameFor(period: string, level: number): string | null {
  if (period === '小学' && level >= 1 && level <= 6) return `${CN_DIGITS[level - 1]}年级`
  if (period === '初中' && level >= 1 && level <= 3) return `${CN_DIGITS[level + 5]}年级`
  if (period === '高中' && level >= 1 && level <= 3) return `高${CN_DIGITS[level - 1]}`
  return null
}

/**
 * Class-size bands the bureau watches (义务教育优质均衡: 小学 45, 初中 50; 大班额 56; 超大班额 66): a class above
 * a band's limit is in it.
 */
export const CLASS_SIZE_BANDS = [
  { key: 'balanced', label: '超过优质均衡标准', primary: 45, junior: 50 },
  { key: 'large', label: '大班额', limit: 56 },
  { key: 'huge', label: '超大班额', limit: 66 },
] as const

/** The band a class of `size` students is in ('huge' over 66, 'large' over 56, 'balanced' over 45 / 50), or null. */
export function classSizeBand(size: number, period: string | null): 'balanced' | 'large' | 'huge' | null {
  if (size > 66) return 'huge'
  if (size > 56) return 'large'
  if (size > (period === '初中' || period === '高中' ? 50 : 45)) return 'balanced'
  return null
}

/** 在读 / 休学 (user_info.study_status). */
export const StudyStatus = { ENROLLED: 'enrolled', SUSPENDED: 'suspended' } as const
export type StudyStatus = (typeof StudyStatus)[keyof typeof StudyStatus]
export const STUDY_STATUS_LABEL: Readonly<Record<StudyStatus, string>> = { enrolled: '在读', suspended: '休学' }
