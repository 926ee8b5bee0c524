import { UserType } from '@zhixiao/shared'
import { sql, type Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { countOf, type Page } from '../../platform/paging.js'

/** The database side of alumni-service.ts (issue 27 point 3). */

export function findAlumniPolicy(trx: Trx) {
  return trx.selectFrom('alumni_policy').selectAll().executeTakeFirst()
}

export function upsertAlumniPolicy(trx: Trx, row: Insertable<Database['alumni_policy']>) {
  const { tenant_id: _t, ...set } = row
  return trx
    .insertInto('alumni_policy')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: sql`now()` }))
    .execute()
}

const chinaDate = (col: string) =>
  sql<string | null>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`

/**
 * A page of the graduates of `orgId`: archived students with a 'graduated' enrolment row at the school (the
 * roll-over writes it with graduateStudents), the latest one if a student graduated twice (a repeat after an undo).
 */
export async function pageAlumni(
  trx: Trx,
  orgId: number,
  q: { pageIndex: number; pageSize: number; schoolYear?: string; keyword?: string },
): Promise<Page<AlumniDbRow>> {
  let base = trx
    .selectFrom('user_info as u')
    .innerJoin('enrolment as e', (j) =>
      j.onRef('e.user_info_id', '=', 'u.id').onRef('e.org_id', '=', 'u.org_id').on('e.status', '=', 'graduated'),
    )
    .where('u.org_id', '=', orgId)
    .where('u.user_type', '=', UserType.STUDENT)
    .where('u.archived', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('enrolment as e2')
            .select('e2.id')
            .whereRef('e2.user_info_id', '=', 'e.user_info_id')
            .whereRef('e2.org_id', '=', 'e.org_id')
            .where('e2.status', '=', 'graduated')
            .whereRef('e2.id', '>', 'e.id'),
        ),
      ),
    )
  if (q.schoolYear) base = base.where('e.school_year', '=', q.schoolYear)
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) => eb.or([eb('u.true_name', 'like', like), eb('u.job_no', 'like', like)]))
  }
  const rows = base
    .leftJoin('grade as g', 'g.id', 'e.grade_id')
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .leftJoin('person as p', 'p.account_id', 'u.account_id')
    .innerJoin('account as a', 'a.id', 'u.account_id')
    .select([
      'u.id',
      'u.true_name as trueName',
      'u.job_no as jobNo',
      'p.sex',
      'u.phone',
      'p.id_card as idCard',
      'g.name as gradeName',
      'c.name as className',
      'e.school_year as schoolYear',
      sql<string | null>`to_char(e.ended_on, 'YYYY-MM-DD')`.as('graduatedOn'),
      chinaDate('a.expires_at').as('accountExpiresOn'),
    ])
    .orderBy('e.school_year', 'desc')
    .orderBy('u.job_no')
    .orderBy('u.id')
  const list = await rows
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize)
    .execute()
  return { list, total: await countOf(base.select('u.id')), pageIndex: q.pageIndex, pageSize: q.pageSize }
}

export interface AlumniDbRow {
  id: number
  trueName: string
  jobNo: string | null
  sex: number | null
  phone: string | null
  idCard: string | null
  gradeName: string | null
  className: string | null
  schoolYear: string
  graduatedOn: string | null
  accountExpiresOn: string | null
}

/** The enrolment rows of every membership of the account (我的学籍), newest first. */
export function myEnrolmentRows(trx: Trx, accountId: number) {
  return trx
    .selectFrom('enrolment as e')
    .innerJoin('user_info as u', 'u.id', 'e.user_info_id')
    .innerJoin('org_unit as o', 'o.id', 'e.org_id')
    .leftJoin('grade as g', 'g.id', 'e.grade_id')
    .leftJoin('school_class as c', 'c.id', 'e.class_id')
    .select([
      'e.school_year as schoolYear',
      'o.name as schoolName',
      'g.name as gradeName',
      'c.name as className',
      'e.status',
      sql<string>`to_char(e.started_on, 'YYYY-MM-DD')`.as('startedOn'),
      sql<string | null>`to_char(e.ended_on, 'YYYY-MM-DD')`.as('endedOn'),
    ])
    .where('u.account_id', '=', accountId)
    .orderBy('e.school_year', 'desc')
    .orderBy('e.started_on', 'desc')
    .orderBy('e.id', 'desc')
    .execute()
}

/** An alumni session's standing: the school of its membership, the latest graduation there, the account's expiry. */
export function alumniStandingRow(trx: Trx, userInfoId: number, accountId: number) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', 'o.id', 'u.org_id')
    .innerJoin('account as a', 'a.id', 'u.account_id')
    .select((eb) => [
      'o.name as schoolName',
      chinaDate('a.expires_at').as('accountExpiresOn'),
      eb
        .selectFrom('enrolment as e')
        .select(sql<string | null>`to_char(max(e.ended_on), 'YYYY')`.as('y'))
        .whereRef('e.user_info_id', '=', 'u.id')
        .where('e.status', '=', 'graduated')
        .as('graduationYear'),
    ])
    .where('u.id', '=', userInfoId)
    .where('u.account_id', '=', accountId)
    .executeTakeFirst()
}
