import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** oidc-provider's stored models (adapter.ts), one row per model instance, under the tenant's row-level security. */
export interface ModelRow {
  model: string
  id: string
  payload: Record<string, unknown>
  grantId: string | null
  uid: string | null
  accountId: string | null
  clientId: string | null
  expiresAt: Date | null
}

export function upsertModel(trx: Trx, r: ModelRow) {
  const values = {
    model: r.model,
    id: r.id,
    payload: JSON.stringify(r.payload),
    grant_id: r.grantId,
    uid: r.uid,
    account_id: r.accountId,
    client_id: r.clientId,
    expires_at: r.expiresAt,
  }
  return trx
    .insertInto('oidc_model')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'model', 'id']).doUpdateSet({
        payload: values.payload,
        grant_id: values.grant_id,
        uid: values.uid,
        account_id: values.account_id,
        client_id: values.client_id,
        expires_at: values.expires_at,
      }),
    )
    .execute()
}

/** A live instance (not expired) by its id, uid or user code; consumed ones are returned with consumed_at set. */
export function findModel(trx: Trx, model: string, by: 'id' | 'uid', value: string, now: Date) {
  return trx
    .selectFrom('oidc_model')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where(by, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
}

export function findModelByUserCode(trx: Trx, model: string, userCode: string, now: Date) {
  return trx
    .selectFrom('oidc_model')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where(sql<string>`payload ->> 'userCode'`, '=', userCode)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst()
}

/** Marks an instance used; one UPDATE, so two racing exchanges of one code cannot both see it unconsumed. */
export function consumeModel(trx: Trx, model: string, id: string, now: Date) {
  return trx
    .updateTable('oidc_model')
    .set({ consumed_at: now })
    .where('model', '=', model)
    .where('id', '=', id)
    .execute()
}

export function deleteModel(trx: Trx, model: string, id: string) {
  return trx.deleteFrom('oidc_model').where('model', '=', model).where('id', '=', id).execute()
}

export function deleteByGrant(trx: Trx, grantId: string) {
  return trx.deleteFrom('oidc_model').where('grant_id', '=', grantId).execute()
}

/** Everything issued to one client (its suspension): codes, tokens, grants. */
export function deleteByClient(trx: Trx, clientId: string) {
  return trx.deleteFrom('oidc_model').where('client_id', '=', clientId).execute()
}

/** The provider sessions of one person (the portal's sign-out ends them). */
export function sessionsOfAccount(trx: Trx, accountId: string) {
  return trx
    .selectFrom('oidc_model')
    .select(['id', 'payload'])
    .where('model', '=', 'Session')
    .where('account_id', '=', accountId)
    .execute()
}

export function grantsOfAccount(trx: Trx, accountId: string) {
  return trx
    .selectFrom('oidc_model')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .execute()
}

export function purgeExpired(trx: Trx, now: Date) {
  return trx.deleteFrom('oidc_model').where('expires_at', '<', now).execute()
}

export function listKeys(trx: Trx) {
  return trx
    .selectFrom('oidc_key')
    .select(['kid', 'jwk_sealed', 'created_at'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute()
}

export function insertKey(trx: Trx, kid: string, jwkSealed: string, now: Date) {
  return trx.insertInto('oidc_key').values({ kid, jwk_sealed: jwkSealed, created_at: now }).execute()
}

/** Keys made before `before`, except those kept, stop being published. */
export function retireKeysBefore(trx: Trx, before: Date, keep: string[], now: Date) {
  return trx
    .updateTable('oidc_key')
    .set({ retired_at: now })
    .where('retired_at', 'is', null)
    .where('created_at', '<', before)
    .where('kid', 'not in', keep)
    .execute()
}

/** One tenant's key creation at a time (two processes starting together must not both make a first key). */
export function lockKeys(trx: Trx, tenantId: number) {
  return sql`SELECT pg_advisory_xact_lock(${0x6f696463}::int, ${tenantId}::int)`.execute(trx)
}
