import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { PortalModuleTable } from '../../db/schema.js'

export function listHomeModules(trx: Trx, orgId: number, kind: string) {
  return trx
    .selectFrom('portal_module')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('home_kind', '=', kind)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export function findOrgModule(trx: Trx, orgId: number, id: number) {
  return trx.selectFrom('portal_module').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst()
}

export async function insertModules(trx: Trx, rows: Insertable<PortalModuleTable>[]): Promise<void> {
  await trx.insertInto('portal_module').values(rows).execute()
}

export async function insertModule(trx: Trx, values: Insertable<PortalModuleTable>): Promise<number> {
  const { id } = await trx.insertInto('portal_module').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function updateModule(trx: Trx, id: number, values: Updateable<PortalModuleTable>): Promise<void> {
  await trx.updateTable('portal_module').set(values).where('id', '=', id).execute()
}

export async function deleteModuleRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('portal_module').where('id', '=', id).execute()
}

export async function deleteHomeModules(trx: Trx, orgId: number, kind: string): Promise<void> {
  await trx.deleteFrom('portal_module').where('org_id', '=', orgId).where('home_kind', '=', kind).execute()
}
