import type { Trx } from '../../db/database.js'
import type { DictItemTable } from '../../db/schema.js'
import { dictItemsFor } from '../../platform/dict-refs.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import { sql, type Insertable, type Updateable } from 'kysely'

const COLUMNS = ['id', 'dict_type as dictType', 'org_id as orgId', 'name', 'code', 'sort', 'status', 'remark'] as const

export function findDictItem(trx: Trx, id: number) {
  return trx.selectFrom('dict_item').selectAll().where('id', '=', id).executeTakeFirst()
}

/** One page of a type's entries at one level (`orgId` null: the tenant's), filtered by keyword and status when given. */
export function pageDictRows(
  trx: Trx,
  dictType: string,
  orgId: number | null,
  filter: { keyword?: string | null; status?: number | null },
  q: PageQuery,
) {
  let base = trx
    .selectFrom('dict_item')
    .where('dict_type', '=', dictType)
    .where('org_id', orgId === null ? 'is' : '=', orgId)
  if (filter.keyword)
    base = base.where((eb) =>
      eb.or([eb('name', 'ilike', `%${filter.keyword}%`), eb('code', 'ilike', `%${filter.keyword}%`)]),
    )
  if (filter.status != null) base = base.where('status', '=', filter.status)
  return paginate(base.select(COLUMNS).orderBy('sort').orderBy('id'), base, q)
}

/** The enabled entries of a type a record of `orgId` may name: the tenant's first, then the org's own. */
export function listSelectableDict(trx: Trx, orgId: number, dictType: string) {
  return dictItemsFor(trx, orgId)
    .select(COLUMNS)
    .where('dict_type', '=', dictType)
    .where('status', '=', 0)
    .orderBy(sql`org_id NULLS FIRST`)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** The same for several types at once, with each entry's type. */
export function listSelectableDictOfTypes(trx: Trx, orgId: number, dictTypes: string[]) {
  return dictItemsFor(trx, orgId)
    .select(['id', 'name', 'dict_type'])
    .where('dict_type', 'in', dictTypes)
    .where('status', '=', 0)
    .orderBy(sql`org_id NULLS FIRST`)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export async function insertDictItem(trx: Trx, values: Insertable<DictItemTable>): Promise<number> {
  const { id } = await trx.insertInto('dict_item').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function updateDictItem(trx: Trx, id: number, set: Updateable<DictItemTable>) {
  return trx.updateTable('dict_item').set(set).where('id', '=', id).execute()
}

export function deleteDictItem(trx: Trx, id: number) {
  return trx.deleteFrom('dict_item').where('id', '=', id).execute()
}
