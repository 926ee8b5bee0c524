import type { Trx } from '../../db/database.js'
import type { MajorNodeTable } from '../../db/schema.js'
import type { Insertable, Updateable } from 'kysely'

export function findOrgAppType(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('app_type').where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function listMajorNodes(trx: Trx, orgId: number) {
  return trx
    .selectFrom('major_node')
    .select(['id', 'org_id as orgId', 'level', 'parent_id as parentId', 'name', 'code', 'sort', 'status'])
    .where('org_id', '=', orgId)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export async function insertMajorNode(trx: Trx, values: Insertable<MajorNodeTable>): Promise<number> {
  return (await trx.insertInto('major_node').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function updateMajorNode(trx: Trx, id: number, set: Updateable<MajorNodeTable>) {
  return trx.updateTable('major_node').set(set).where('id', '=', id).execute()
}

export function findMajorChild(trx: Trx, parentId: number) {
  return trx.selectFrom('major_node').select('id').where('parent_id', '=', parentId).limit(1).executeTakeFirst()
}

export function deleteMajorNode(trx: Trx, id: number) {
  return trx.deleteFrom('major_node').where('id', '=', id).execute()
}
