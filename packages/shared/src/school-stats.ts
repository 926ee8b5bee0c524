import { schoolYearSchema } from './school-year.js'
import * as z from './z.js'

/**
 * The autumn statistics (秋季统计, issue 27 point 6; docs/school-year.md "The autumn statistics"): a snapshot the bureau
 * takes at the start of the school year, stored whole so later changes do not alter it.
 */

export const SchoolStatsMsg = {
  NOT_FOUND: '统计快照不存在',
  TOO_SOON: '刚刚已生成过本学年的统计快照，请 1 分钟后再试',
  NO_SCHOOL: '本区尚无学校，无法生成统计快照',
} as const

/** Two snapshots of one school year closer than this are a double click, refused. */
export const SNAPSHOT_MIN_GAP_MS = 60_000

const count = z.number().int().min(0)
const band = z.enum(['balanced', 'large', 'huge']).nullable()
export type ClassBand = z.infer<typeof band>

/** The counts of one band each: 超过优质均衡 (over 45 / 50), 大班额 (over 56), 超大班额 (over 66). */
export const bandCounts = z.object({ balanced: count, large: count, huge: count })
export type BandCounts = z.infer<typeof bandCounts>

/** A name (dictionary entry, nation; '未填' when unknown) and its count. */
export const namedCount = z.object({ name: z.string(), n: count })
export type NamedCount = z.infer<typeof namedCount>

export const statsClass = z.object({ classId: z.number(), name: z.string(), size: count, band })
export type StatsClass = z.infer<typeof statsClass>

/** Students of one grade by gender (男 / 女 / 未填), 少数民族 among them, and its classes. */
export const statsGrade = z.object({
  gradeId: z.number(),
  name: z.string(),
  /** The cohort's year level in the snapshot's school year (yearLevel). */
  level: z.number().int(),
  period: z.string().nullable(),
  students: count,
  male: count,
  female: count,
  unknownSex: count,
  minority: count,
  classes: z.array(statsClass),
})
export type StatsGrade = z.infer<typeof statsGrade>

/** The figures of one school, or (orgId 0) of the whole district. */
export const statsTotals = z.object({
  students: count,
  male: count,
  female: count,
  unknownSex: count,
  minority: count,
  suspended: count,
  classes: count,
  bands: bandCounts,
  teachers: count,
  /** Students per teacher (2 decimals); null without teachers. */
  ratio: z.number().nullable(),
  nations: z.array(namedCount),
  titles: z.array(namedCount),
  education: z.array(namedCount),
})
export type StatsTotals = z.infer<typeof statsTotals>

export const statsSchool = statsTotals.extend({
  orgId: z.number(),
  name: z.string(),
  grades: z.array(statsGrade),
})
export type StatsSchool = z.infer<typeof statsSchool>

/** What a snapshot row's jsonb holds. */
export const snapshotData = z.object({ schools: z.array(statsSchool) })
export type SnapshotData = z.infer<typeof snapshotData>

export const snapshotRow = z.object({
  id: z.number(),
  schoolYear: z.string(),
  takenAt: z.string(),
  takerName: z.string(),
})
export type SnapshotRow = z.infer<typeof snapshotRow>

/** One snapshot as the caller may see it: a school admin only their school, the district totals theirs alone. */
export const snapshotView = snapshotRow.extend({
  /** The whole district's figures (the bureau), or the caller's schools' sum. */
  totals: statsTotals,
  schools: z.array(statsSchool),
  /** True when the caller sees the whole district. */
  district: z.boolean(),
})
export type SnapshotView = z.infer<typeof snapshotView>

export const snapshotTakeBody = z.object({ schoolYear: schoolYearSchema.optional() })
export type SnapshotTakeBody = z.infer<typeof snapshotTakeBody>
/** Which snapshot: by id, else the latest of a school year, else the latest of all. */
export const snapshotGetBody = z.object({ id: z.id().optional(), schoolYear: schoolYearSchema.optional() })
export type SnapshotGetBody = z.infer<typeof snapshotGetBody>
export const snapshotExportQuery = z.object({ id: z.coerce.number().int().positive('请选择统计快照') })
export type SnapshotExportQuery = z.infer<typeof snapshotExportQuery>

export const BAND_LABEL: Readonly<Record<'balanced' | 'large' | 'huge', string>> = {
  balanced: '超过优质均衡标准',
  large: '大班额',
  huge: '超大班额',
}
