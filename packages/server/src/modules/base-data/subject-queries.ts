import type { Trx } from '../../db/database.js'
import type { SubjectTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { Insertable, Updateable } from 'kysely'

/** One page of a school's subjects with their category names, optionally filtered by a name or code keyword. */
export function pageSubjectRows(trx: Trx, orgId: number, keyword: string | null | undefined, q: PageQuery) {
  let base = trx.selectFrom('subject').where('subject.org_id', '=', orgId)
  if (keyword)
    base = base.where((eb) =>
      eb.or([eb('subject.name', 'ilike', `%${keyword}%`), eb('subject.code', 'ilike', `%${keyword}%`)]),
    )
  const rows = base
    .leftJoin('dict_item', (j) =>
      j.onRef('dict_item.tenant_id', '=', 'subject.tenant_id').onRef('dict_item.id', '=', 'subject.category_id'),
    )
    .select([
      'subject.id',
      'subject.org_id as orgId',
      'subject.name',
      'subject.code',
      'subject.category_id as categoryId',
      'dict_item.name as categoryName',
      'subject.sort',
      'subject.status',
    ])
    .orderBy('subject.sort')
    .orderBy('subject.id')
  return paginate(rows, base, q)
}

export async function insertSubject(trx: Trx, values: Insertable<SubjectTable>): Promise<number> {
  return (await trx.insertInto('subject').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function updateSubjectRow(trx: Trx, id: number, set: Updateable<SubjectTable>) {
  return trx.updateTable('subject').set(set).where('id', '=', id).execute()
}

export function deleteSubjectRow(trx: Trx, id: number) {
  return trx.deleteFrom('subject').where('id', '=', id).execute()
}
