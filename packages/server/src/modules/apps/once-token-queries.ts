import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { OnceTokenTable } from '../../db/schema.js'

export async function insertOnceToken(trx: Trx, values: Insertable<OnceTokenTable>): Promise<void> {
  await trx.insertInto('once_token').values(values).execute()
}

/** Marks an unused, unexpired token used in one UPDATE, so two racing swaps cannot both win. */
export function consumeOnceToken(trx: Trx, tokenHash: string, now: Date) {
  return trx
    .updateTable('once_token')
    .set({ used_at: now })
    .where('id', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id', 'user_info_id', 'org_id'])
    .executeTakeFirst()
}

/** The membership, if it and its account are both enabled. */
export function findActiveMember(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info')
    .innerJoin('account', (j) =>
      j.onRef('account.tenant_id', '=', 'user_info.tenant_id').onRef('account.id', '=', 'user_info.account_id'),
    )
    .select('user_info.id')
    .where('user_info.id', '=', userInfoId)
    .where('user_info.status', '=', 0)
    .where('account.status', '=', 0)
    .executeTakeFirst()
}
