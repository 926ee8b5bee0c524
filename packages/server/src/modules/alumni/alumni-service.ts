import {
  ALUMNI_ACCOUNT_DAYS_DEFAULT,
  chinaDay,
  maskRecord,
  type AlumniPageBody,
  type AlumniPolicy,
  type AlumniPolicyAnswer,
  type AlumniRow,
  type AlumniStanding,
  type MyEnrolmentRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page } from '../../platform/paging.js'
import { schoolOf } from '../../platform/org-scope.js'
import {
  alumniStandingRow,
  findAlumniPolicy,
  myEnrolmentRows,
  pageAlumni,
  upsertAlumniPolicy,
} from './alumni-queries.js'

/** Graduation and alumni (issue 27 point 3; docs/school-year.md "Graduation and alumni"). */

async function policyOf(trx: Trx): Promise<AlumniPolicyAnswer> {
  const row = await findAlumniPolicy(trx)
  if (!row) return { policy: { accountDays: ALUMNI_ACCOUNT_DAYS_DEFAULT }, custom: false, updatedAt: null }
  return { policy: { accountDays: row.account_days }, custom: true, updatedAt: chinaDay(row.updated_at) }
}

/** The tenant's alumni account period (the route is tenant-wide: the top org's administrators only). */
export const alumniPolicy = (ctx: AppContext, auth: AuthInfo) => ctx.db.tenant(auth.tenantId, policyOf)

/**
 * Saves the period. It applies to graduations from now on: accounts already given an expiry keep it, so a change
 * never reopens or suddenly closes a graduate's account behind the school's back.
 */
export function saveAlumniPolicy(ctx: AppContext, auth: AuthInfo, p: AlumniPolicy): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = (await policyOf(trx)).policy
    await upsertAlumniPolicy(trx, {
      tenant_id: auth.tenantId,
      account_days: p.accountDays,
      updated_by: auth.userInfoId,
    })
    await recordOp(trx, auth, { module: '校友', action: '修改毕业生账号保留期限', detail: { before, after: p } })
  })
}

/** The school's graduates, read-only, personal fields masked. A school admin sees their own school only. */
export function pageAlumniOf(ctx: AppContext, auth: AuthInfo, q: AlumniPageBody): Promise<Page<AlumniRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    const page = await pageAlumni(trx, orgId, {
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      schoolYear: q.year === undefined ? undefined : `${q.year - 1}-${q.year}`,
      keyword: q.keyword || undefined,
    })
    return {
      ...page,
      list: page.list.map((r) => ({
        ...maskRecord(r, { phone: 'phone', idCard: 'idCard' }),
        graduationYear: Number(r.schoolYear.slice(5)),
      })),
    }
  })
}

/** 我的学籍: the caller's own enrolment rows across school years and schools (an alumni session's page reads it). */
export const myEnrolment = (ctx: AppContext, auth: AuthInfo): Promise<MyEnrolmentRow[]> =>
  ctx.db.tenant(auth.tenantId, (trx) => myEnrolmentRows(trx, auth.accountId))

/** Where an alumni session stands (the current user's `alumni`). */
export async function alumniStanding(trx: Trx, auth: AuthInfo): Promise<AlumniStanding | undefined> {
  const row = await alumniStandingRow(trx, auth.userInfoId, auth.accountId)
  if (!row) return undefined
  return {
    schoolName: row.schoolName,
    graduationYear: row.graduationYear ? Number(row.graduationYear) : null,
    accountExpiresOn: row.accountExpiresOn,
  }
}
