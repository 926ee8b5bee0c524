import type { Generated } from 'kysely'
import type { Owned } from './columns.js'

/** Graduation and alumni (modules/alumni; migration 202611290300; docs/school-year.md "Graduation and alumni"). */

/** A tenant's alumni policy; no row: shared ALUMNI_ACCOUNT_DAYS_DEFAULT. */
interface AlumniPolicyTable extends Owned {
  /** Days a graduate's account keeps signing in after graduation; 0 = it expires at once. */
  account_days: number
  updated_by: number | null
  updated_at: Generated<Date>
}

export interface AlumniTables {
  alumni_policy: AlumniPolicyTable
}
