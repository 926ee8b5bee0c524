import { UserType, type StudentPageBody } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { memberKeys, withKeyword, type MemberKeys } from './member-list-queries.js'

/** The database side of student-service.ts. */

function studentRows(trx: Trx) {
  return (
    trx
      .selectFrom('user_info as u')
      // Left joins on keys (the account always exists): a query that reads none of their columns drops them (paging).
      .leftJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
      .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
      .where('u.user_type', '=', UserType.STUDENT)
      .select((eb) => [
        'u.id',
        'u.account_id as accountId',
        'u.org_id as orgId',
        eb.ref('a.user_name').$notNull().as('userName'),
        'u.true_name as trueName',
        'u.job_no as jobNo',
        'p.sex',
        'p.id_card as idCard',
        'u.phone',
        sql<string | null>`to_char(u.entered_on, 'YYYY-MM-DD')`.as('enteredOn'),
        'u.remark',
        'g.id as gradeId',
        'g.name as gradeName',
        'u.class_id as classId',
        'c.name as className',
        'u.status',
        'u.archived',
        'u.study_status as studyStatus',
        eb
          .selectFrom('parent_child as pc')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pc.child_id', '=', 'u.id')
          .as('parentCount'),
        sql<string>`to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
  )
}
/** The list's own filters on user_info alone (paging reads its ids from an index; see pageByKeys). */
export function studentKeys(trx: Trx, orgId: number, q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>) {
  let keys = memberKeys(trx, UserType.STUDENT, orgId, q)
  if (q.classId != null) keys = keys.where('u.class_id', '=', q.classId)
  else if (q.gradeId != null)
    keys = keys.where('u.class_id', 'in', trx.selectFrom('school_class').select('id').where('grade_id', '=', q.gradeId))
  return withKeyword(keys, q.keyword, ['u.true_name', 'u.job_no'])
}

/** Full rows of the filtered list (the export). */
function filterStudents(trx: Trx, orgId: number, q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>) {
  return studentRows(trx).where('u.id', 'in', studentKeys(trx, orgId, q).select('u.id'))
}

/** The filtered list's full rows of the given ids, in id order (an export chunk). */
export function filteredStudentsWithIds(
  trx: Trx,
  orgId: number,
  q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>,
  ids: number[],
) {
  return filterStudents(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute()
}

/** The list's ids in its order (class, student number, id). */
export function studentIdsInOrder(keys: MemberKeys) {
  return keys.select('u.id').orderBy('u.class_id').orderBy('u.job_no').orderBy('u.id')
}

export function studentsWithIds(trx: Trx, ids: number[]) {
  return studentRows(trx).where('u.id', 'in', ids).execute()
}

export function findStudentRow(trx: Trx, id: number) {
  return studentRows(trx).where('u.id', '=', id).executeTakeFirstOrThrow()
}

/** The parents bound to a student, in binding order. */
export function parentsOf(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'pc.tenant_id').onRef('u.id', '=', 'pc.parent_id'))
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select(['u.id', 'u.true_name as trueName', 'u.phone', 'a.user_name as userName', 'pc.relation', 'u.status'])
    .where('pc.child_id', '=', childId)
    .orderBy('pc.created_at')
    .execute()
}

export function findClassOrg(trx: Trx, classId: number) {
  return trx.selectFrom('school_class').select('org_id').where('id', '=', classId).executeTakeFirst()
}

/** A student of the school with this 学号. */
export function findStudentByNo(trx: Trx, orgId: number, jobNo: string) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('job_no', '=', jobNo)
    .executeTakeFirst()
}

export function moveStudentsToClass(trx: Trx, ids: number[], classId: number) {
  return trx.updateTable('user_info').set({ class_id: classId }).where('id', 'in', ids).execute()
}
