import type { StudentPageBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { studentKeys } from './student-queries.js'

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

/** Students the filter selects who were born after `bornAfter` or whose birth date is unknown (the minors' limit). */
export async function countMinorStudents(
  trx: Trx,
  orgId: number,
  q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>,
  bornAfter: string,
): Promise<number> {
  const r = await trx
    .selectFrom('user_info as m')
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'm.tenant_id').onRef('p.account_id', '=', 'm.account_id'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.id', 'in', studentKeys(trx, orgId, q).select('u.id'))
    .where((eb) => eb.or([eb('p.birthday', 'is', null), eb('p.birthday', '>', bornAfter)]))
    .executeTakeFirstOrThrow()
  return Number(r.n)
}
