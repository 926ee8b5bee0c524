import { UserType, type TeacherPageBody } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { memberKeys, withKeyword, type MemberKeys } from './member-list-queries.js'

/** The database side of teacher-service.ts. */

/** Teacher rows: the membership, its account, the person and the department, in one query. */
function teacherRows(trx: Trx) {
  return (
    trx
      .selectFrom('user_info as u')
      // Left joins on keys (the account and org always exist): a query that reads none of their columns drops them (paging).
      .leftJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .leftJoin('org_unit as d', (j) => j.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', 'u.dept_id'))
      .where('u.user_type', '=', UserType.STAFF)
      .select((eb) => [
        'u.id',
        'u.account_id as accountId',
        'u.org_id as orgId',
        eb.ref('o.name').$notNull().as('orgName'),
        eb.ref('a.user_name').$notNull().as('userName'),
        'u.true_name as trueName',
        'u.phone',
        'u.job_no as jobNo',
        'p.sex',
        'p.id_card as idCard',
        'u.dept_id as deptId',
        'd.name as deptName',
        'u.position_id as positionId',
        'u.title_id as titleId',
        'u.teacher_type_id as teacherTypeId',
        'p.political_status_id as politicalStatusId',
        'p.education_id as educationId',
        'p.degree_id as degreeId',
        sql<string | null>`to_char(u.entered_on, 'YYYY-MM-DD')`.as('enteredOn'),
        'p.email',
        'u.remark',
        'u.status',
        'u.archived',
        eb
          .selectFrom('user_info as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.account_id', '=', 'u.account_id')
          .where('m.user_type', '=', UserType.STAFF)
          .as('orgCount'),
        sql<string>`to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
  )
}

/** The list's own filters on user_info alone (paging reads its ids from an index; see pageByKeys). */
export function teacherKeys(trx: Trx, orgId: number, q: Omit<TeacherPageBody, 'pageIndex' | 'pageSize'>) {
  const keys = memberKeys(trx, UserType.STAFF, orgId, q)
  return withKeyword(q.deptId != null ? keys.where('u.dept_id', '=', q.deptId) : keys, q.keyword, [
    'u.true_name',
    'u.phone',
    'u.job_no',
  ])
}

/** Full rows of the filtered list (the export). */
function filterTeachers(trx: Trx, orgId: number, q: Omit<TeacherPageBody, 'pageIndex' | 'pageSize'>) {
  return teacherRows(trx).where('u.id', 'in', teacherKeys(trx, orgId, q).select('u.id'))
}

/** The filtered list's full rows of the given ids, in id order (an export chunk). */
export function filteredTeachersWithIds(
  trx: Trx,
  orgId: number,
  q: Omit<TeacherPageBody, 'pageIndex' | 'pageSize'>,
  ids: number[],
) {
  return filterTeachers(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute()
}

/** The list's ids in its order (sort, then id). */
export function teacherIdsInOrder(keys: MemberKeys) {
  return keys.select('u.id').orderBy('u.sort').orderBy('u.id')
}

export function teachersWithIds(trx: Trx, ids: number[]) {
  return teacherRows(trx).where('u.id', 'in', ids).execute()
}

export function findTeacherRow(trx: Trx, id: number) {
  return teacherRows(trx).where('u.id', '=', id).executeTakeFirstOrThrow()
}

/** Every teacher membership of the account, with its org's name. */
export function listTeacherOrgs(trx: Trx, accountId: number) {
  return trx
    .selectFrom('user_info as m')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.id', '=', 'm.org_id'))
    .select(['m.id', 'm.org_id as orgId', 'o.name as orgName', 'm.status', 'm.archived'])
    .where('m.account_id', '=', accountId)
    .where('m.user_type', '=', UserType.STAFF)
    .orderBy('m.id')
    .execute()
}

/** The departments below an org (org units of type depart, at any depth), in sort order. */
export function listDepartmentRows(trx: Trx, orgId: number) {
  return sql<{ id: number; name: string; parentId: number }>`
      WITH RECURSIVE d AS (
        SELECT id, name, parent_id, sort FROM org_unit WHERE parent_id = ${orgId} AND org_type = 'depart'
        UNION ALL SELECT o.id, o.name, o.parent_id, o.sort FROM org_unit o JOIN d ON o.parent_id = d.id WHERE o.org_type = 'depart'
      ) SELECT id, name, parent_id AS "parentId" FROM d ORDER BY sort, id`.execute(trx)
}
