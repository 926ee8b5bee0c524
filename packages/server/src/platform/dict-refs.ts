import type { Trx } from '../db/database.js'

/**
 * The dictionary entries a record of `orgId` may name: the tenant's (org_id null) and that org's own, the same set
 * its forms offer (dict/select). Another school's org-level entries are not among them, so one school's records
 * never point at a neighbour's dictionary.
 */
export function dictItemsFor(trx: Trx, orgId: number) {
  return trx.selectFrom('dict_item').where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
}

/** Whether `id` is an entry of `type` a record of `orgId` may name; an empty reference always is. */
export async function isDictRefOk(
  trx: Trx,
  orgId: number,
  id: number | null | undefined,
  type: string,
): Promise<boolean> {
  if (id == null) return true
  return (
    (await dictItemsFor(trx, orgId)
      .select('id')
      .where('id', '=', id)
      .where('dict_type', '=', type)
      .executeTakeFirst()) !== undefined
  )
}
