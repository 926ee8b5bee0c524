import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** The database side of correction.ts: one fact of a person, leaving the others as they are. */
export function setPersonIdCard(trx: Trx, accountId: number, idCard: string, sex: number, birthday: string) {
  return trx
    .insertInto('person')
    .values({ account_id: accountId, id_card: idCard, sex, birthday })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id']).doUpdateSet({ id_card: idCard, sex, birthday, updated_at: sql`now()` }),
    )
    .execute()
}
