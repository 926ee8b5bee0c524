import type { Trx } from '../../db/database.js'

/** The database side of export-service.ts. */

/** Membership ids of one kind in an org after `after`, in id order (the user_info_list index), for keysetChunks. */
export function memberIdsAfter(
  trx: Trx,
  orgId: number,
  userType: number,
  archived: boolean,
  after: number,
  limit: number,
) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('org_id', '=', orgId)
    .where('user_type', '=', userType)
    .where('archived', '=', archived)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Every dictionary entry's name (the export names positions, titles … by id). */
export function listDictNames(trx: Trx) {
  return trx.selectFrom('dict_item').select(['id', 'name']).execute()
}
