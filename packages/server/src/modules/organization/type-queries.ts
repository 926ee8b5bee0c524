import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { OrgTypeTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'

function rows(trx: Trx) {
  return trx.selectFrom('org_type').select((eb) => [
    'org_type.id',
    'org_type.kind',
    'org_type.name',
    'org_type.code',
    'org_type.unit_attr as unitAttr',
    'org_type.status',
    'org_type.sort',
    eb
      .selectFrom('org_unit')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('org_unit.type_id', '=', 'org_type.id')
      .as('orgCount'),
  ])
}

export function pageOrgTypes(
  trx: Trx,
  q: { kind: 'org' | 'depart'; pageIndex: number; pageSize: number; keyword?: string | null },
) {
  let base = rows(trx).where('org_type.kind', '=', q.kind)
  if (q.keyword) base = base.where('org_type.name', 'ilike', `%${q.keyword}%`)
  return paginate(
    base.orderBy('org_type.sort').orderBy('org_type.id'),
    trx
      .selectFrom('org_type')
      .where('kind', '=', q.kind)
      .$if(!!q.keyword, (b) => b.where('name', 'ilike', `%${q.keyword}%`)),
    q,
  )
}

export async function insertOrgType(trx: Trx, values: Insertable<OrgTypeTable>): Promise<number> {
  const { id } = await trx.insertInto('org_type').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

/** With nothing to change it still touches the row (sort = sort), so a missing type is told apart. */
export async function updateOrgType(
  trx: Trx,
  id: number,
  set: { name?: string; code?: string | null; unit_attr?: number | null; sort?: number },
): Promise<bigint> {
  const r = await trx
    .updateTable('org_type')
    .set(Object.keys(set).length ? set : { sort: (eb) => eb.ref('sort') })
    .where('id', '=', id)
    .executeTakeFirst()
  return r.numUpdatedRows
}

export async function setOrgTypeStatus(trx: Trx, id: number, status: number): Promise<bigint> {
  const r = await trx.updateTable('org_type').set({ status }).where('id', '=', id).executeTakeFirst()
  return r.numUpdatedRows
}

export function anyOrgOfType(trx: Trx, typeId: number) {
  return trx.selectFrom('org_unit').select('id').where('type_id', '=', typeId).limit(1).executeTakeFirst()
}

export async function deleteOrgType(trx: Trx, id: number): Promise<bigint> {
  const r = await trx.deleteFrom('org_type').where('id', '=', id).executeTakeFirst()
  return r.numDeletedRows
}

export function findOrgTypeUnitAttr(trx: Trx, typeId: number) {
  return trx.selectFrom('org_type').select('unit_attr').where('id', '=', typeId).executeTakeFirst()
}
