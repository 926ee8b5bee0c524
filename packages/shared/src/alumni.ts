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

export const alumniPolicy = z.object({
  accountDays: z
    .number()
    .int('天数须为整数')
    .min(0, '天数不能为负数')
    .max(ALUMNI_ACCOUNT_DAYS_MAX, `天数不能超过 ${ALUMNI_ACCOUNT_DAYS_MAX}`),
})
export type AlumniPolicy = z.infer<typeof alumniPolicy>
