import type { Trx } from '../../db/database.js'

export function findSetting(trx: Trx, key: string) {
  return trx.selectFrom('system_setting').select('value').where('key', '=', key).executeTakeFirst()
}

/** An enabled organisation whose unit attribute is at least `minUnitAttr`. */
export function findEnabledOrgAtLeast(trx: Trx, orgId: number, minUnitAttr: number) {
  return trx
    .selectFrom('org_unit')
    .select('id')
    .where('id', '=', orgId)
    .where('status', '=', 0)
    .where('unit_attr', '>=', minUnitAttr)
    .executeTakeFirst()
}

export async function upsertSetting(trx: Trx, key: string, value: string, accountId: number, now: Date): Promise<void> {
  await trx
    .insertInto('system_setting')
    .values({ key, value, updated_by: accountId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: accountId, updated_at: now }))
    .execute()
}
