import type { Trx } from '../../db/database.js'

export function findAppTargetsByUniqueIds(trx: Trx, uniqueIds: string[]) {
  return trx
    .selectFrom('app')
    .select(['unique_id', 'has_show', 'req_uri', 'entry_url'])
    .where('unique_id', 'in', uniqueIds)
    .execute()
}

/** The routes of shown apps that have an entry address (the sub-apps some app serves). */
export function listServedAppRoutes(trx: Trx) {
  return trx
    .selectFrom('app')
    .select(['req_uri'])
    .where('has_show', '=', true)
    .where('entry_url', 'is not', null)
    .where('req_uri', 'is not', null)
    .execute()
}
