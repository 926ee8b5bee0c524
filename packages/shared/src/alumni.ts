/**
 * Graduation and alumni (issue 27 point 3; docs/school-year.md "Graduation and alumni"): graduates are archived
 * members (校友, read-only, kept with their history); their accounts keep signing in for the tenant's alumni period.
 */
import * as z from './z.js'

/**
 * Days a graduate's account keeps signing in when the tenant has set nothing: half a year, in which a school still
 * hands over diplomas and certificates and a graduate may look up their records; aligned with the retention of
 * contact data (RETENTION_DEFAULTS.contact).
 */
export const ALUMNI_ACCOUNT_DAYS_DEFAULT = 180
export const ALUMNI_ACCOUNT_DAYS_MAX = 3650

/** What sign-in answers an expired account (a graduate after the alumni period). */
export const ACCOUNT_EXPIRED_MESSAGE = '账号已过期，请联系学校'

/** What every route not open to alumni answers an alumni session (403; server platform/auth-hook.ts). */
export const ALUMNI_SESSION_MESSAGE = '校友账号仅可查看本人学籍信息'

export const alumniPolicy = z.object({
  accountDays: z
    .number()
    .int('天数须为整数')
    .min(0, '天数不能为负数')
    .max(ALUMNI_ACCOUNT_DAYS_MAX, `天数不能超过 ${ALUMNI_ACCOUNT_DAYS_MAX}`),
})
export type AlumniPolicy = z.infer<typeof alumniPolicy>
export const alumniPolicyAnswer = z.object({
  policy: alumniPolicy,
  /** false while the tenant keeps the default. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type AlumniPolicyAnswer = z.infer<typeof alumniPolicyAnswer>

export const alumniPageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** A school other than the caller's own (a bureau's staff): must be in their scope. */
  orgId: z.id().optional(),
  /** The year the school year ended (2027 for 2026-2027). */
  year: z.coerce.number().int().min(1900, '毕业年份不正确').max(2200, '毕业年份不正确').optional(),
  /** Name or 学号. */
  keyword: z.line().max(50, '关键字不能超过50个字符').optional(),
})
export type AlumniPageBody = z.infer<typeof alumniPageBody>

/** A graduate of the school: read-only; phone and ID card masked by the field policy. */
export const alumniRow = z.object({
  id: z.number(),
  trueName: z.string(),
  /** 学号 */
  jobNo: z.string().nullable(),
  sex: z.number().nullable(),
  phone: z.string().nullable(),
  idCard: z.string().nullable(),
  /** The grade and class they left from. */
  gradeName: z.string().nullable(),
  className: z.string().nullable(),
  /** '2026-2027' */
  schoolYear: z.string(),
  graduationYear: z.number(),
  /** YYYY-MM-DD */
  graduatedOn: z.string().nullable(),
  /** The day the account stops signing in (YYYY-MM-DD, China time); null: no expiry (a live membership elsewhere). */
  accountExpiresOn: z.string().nullable(),
})
export type AlumniRow = z.infer<typeof alumniRow>

/** An enrolment row's status (server table enrolment), as people read it. */
export const ENROLMENT_STATUS_LABEL: Readonly<Record<string, string>> = {
  enrolled: '在读',
  suspended: '休学',
  promoted: '升级',
  repeated: '留级',
  graduated: '毕业',
  transferred: '转出',
  left: '离校',
}

/** 我的学籍: one of the caller's own enrolment rows (every school year and school), newest first. */
export const myEnrolmentRow = z.object({
  /** '2026-2027' */
  schoolYear: z.string(),
  schoolName: z.string(),
  gradeName: z.string().nullable(),
  className: z.string().nullable(),
  /** enrolled, suspended, promoted, repeated, graduated, transferred, left (ENROLMENT_STATUS_LABEL). */
  status: z.string(),
  /** YYYY-MM-DD */
  startedOn: z.string(),
  endedOn: z.string().nullable(),
})
export type MyEnrolmentRow = z.infer<typeof myEnrolmentRow>

/** Where an alumni session stands (the current user's `alumni`): the school left, the year, the account's last day. */
export const alumniStanding = z.object({
  schoolName: z.string(),
  /** The calendar year of graduation (of the graduated row's end date). */
  graduationYear: z.number().nullable(),
  /** YYYY-MM-DD (China time); null: no expiry set. */
  accountExpiresOn: z.string().nullable(),
})
export type AlumniStanding = z.infer<typeof alumniStanding>
