import type { Trx } from '../../db/database.js'

export function findConfig(trx: Trx, orgId: number) {
  return trx.selectFrom('complaint_config').selectAll().where('org_id', '=', orgId).executeTakeFirst()
}

export async function upsertConfig(
  trx: Trx,
  orgId: number,
  values: { enable: boolean; user_role: string; allow_anonymous: boolean },
): Promise<void> {
  await trx
    .insertInto('complaint_config')
    .values({ org_id: orgId, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'org_id']).doUpdateSet({ ...values, updated_at: new Date() }))
    .execute()
}
