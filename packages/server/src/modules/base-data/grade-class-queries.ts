import type { Trx } from '../../db/database.js'
import type { GradeTable, SchoolClassTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { Insertable, Updateable } from 'kysely'

export function findOrgUnitAttr(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('unit_attr').where('id', '=', orgId).executeTakeFirstOrThrow()
}

function gradeRows(trx: Trx) {
  return trx.selectFrom('grade').select((eb) => [
    'grade.id',
    'grade.org_id as orgId',
    'grade.name',
    'grade.code',
    'grade.entry_year as entryYear',
    'grade.learn_period_id as learnPeriodId',
    'grade.sort',
    'grade.status',
    'grade.archived',
    eb
      .selectFrom('school_class')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('school_class.grade_id', '=', 'grade.id')
      .where('school_class.archived', '=', false)
      .as('classCount'),
  ])
}

/** One page of a school's grades (archived or live), each with its live class count. */
export function pageGradeRows(
  trx: Trx,
  orgId: number,
  filter: { archived: boolean; keyword?: string | null },
  q: PageQuery,
) {
  let rows = gradeRows(trx).where('grade.org_id', '=', orgId).where('grade.archived', '=', filter.archived)
  let count = trx.selectFrom('grade').where('org_id', '=', orgId).where('archived', '=', filter.archived)
  if (filter.keyword) {
    rows = rows.where('grade.name', 'ilike', `%${filter.keyword}%`)
    count = count.where('name', 'ilike', `%${filter.keyword}%`)
  }
  return paginate(rows.orderBy('grade.entry_year', 'desc').orderBy('grade.sort').orderBy('grade.id'), count, q)
}

export async function insertGrade(trx: Trx, values: Insertable<GradeTable>): Promise<number> {
  const { id } = await trx.insertInto('grade').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function updateGradeRow(trx: Trx, id: number, set: Updateable<GradeTable>) {
  return trx.updateTable('grade').set(set).where('id', '=', id).execute()
}

export function findClassOfGrade(trx: Trx, gradeId: number) {
  return trx.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).limit(1).executeTakeFirst()
}

export function deleteGradeRow(trx: Trx, id: number) {
  return trx.deleteFrom('grade').where('id', '=', id).execute()
}

export function archiveLiveClassesOfGrade(trx: Trx, gradeId: number, now: Date) {
  return trx
    .updateTable('school_class')
    .set({ archived: true, archived_at: now })
    .where('grade_id', '=', gradeId)
    .where('archived', '=', false)
    .execute()
}

/** One page of a school's classes (archived or live) with their grade names, filtered by grade and keyword. */
export function pageClassRows(
  trx: Trx,
  orgId: number,
  filter: { archived: boolean; gradeId?: number | null; keyword?: string | null },
  q: PageQuery,
) {
  let rows = trx
    .selectFrom('school_class')
    .innerJoin('grade', (j) =>
      j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
    )
    .select([
      'school_class.id',
      'school_class.org_id as orgId',
      'school_class.grade_id as gradeId',
      'grade.name as gradeName',
      'school_class.name',
      'school_class.code',
      'school_class.sort',
      'school_class.status',
      'school_class.archived',
    ])
    .where('school_class.org_id', '=', orgId)
    .where('school_class.archived', '=', filter.archived)
  let count = trx.selectFrom('school_class').where('org_id', '=', orgId).where('archived', '=', filter.archived)
  if (filter.gradeId != null) {
    rows = rows.where('school_class.grade_id', '=', filter.gradeId)
    count = count.where('grade_id', '=', filter.gradeId)
  }
  if (filter.keyword) {
    rows = rows.where('school_class.name', 'ilike', `%${filter.keyword}%`)
    count = count.where('name', 'ilike', `%${filter.keyword}%`)
  }
  return paginate(
    rows.orderBy('grade.entry_year', 'desc').orderBy('school_class.sort').orderBy('school_class.id'),
    count,
    q,
  )
}

export async function insertClass(trx: Trx, values: Insertable<SchoolClassTable>): Promise<number> {
  const { id } = await trx.insertInto('school_class').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function updateClassRow(trx: Trx, id: number, set: Updateable<SchoolClassTable>) {
  return trx.updateTable('school_class').set(set).where('id', '=', id).execute()
}

/** A student (archived ones too) still in the class. */
export function findStudentOfClass(trx: Trx, classId: number) {
  return trx.selectFrom('user_info').select('id').where('class_id', '=', classId).limit(1).executeTakeFirst()
}

export function deleteClassRow(trx: Trx, id: number) {
  return trx.deleteFrom('school_class').where('id', '=', id).execute()
}
