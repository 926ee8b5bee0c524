import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type {
  CodeLoginReqTable,
  ThirdBindTicketTable,
  ThirdConfigTable,
  ThirdIdentityTable,
  ThirdStateTable,
} from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

// ---- provider configs (config-service.ts)

export function findConfigByType(trx: Trx, thirdType: string) {
  return trx.selectFrom('third_config').selectAll().where('third_type', '=', thirdType).executeTakeFirst()
}

export function findConfig(trx: Trx, id: number) {
  return trx.selectFrom('third_config').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Locks the row so two edits cannot both decide on the stored secret. */
export function findConfigForUpdate(trx: Trx, id: number) {
  return trx.selectFrom('third_config').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function pageConfigRows(trx: Trx, q: PageQuery & { thirdType?: string | null }) {
  let base = trx.selectFrom('third_config')
  if (q.thirdType) base = base.where('third_type', '=', q.thirdType)
  return paginate(base.selectAll().orderBy('sort').orderBy('id'), base.select('id'), q)
}

export function insertConfig(trx: Trx, values: Insertable<ThirdConfigTable>) {
  return trx.insertInto('third_config').values(values).returning('id').executeTakeFirstOrThrow()
}

export async function updateConfigRow(trx: Trx, id: number, values: Updateable<ThirdConfigTable>): Promise<void> {
  await trx.updateTable('third_config').set(values).where('id', '=', id).execute()
}

export function deleteConfigRow(trx: Trx, id: number) {
  return trx.deleteFrom('third_config').where('id', '=', id).returning(['name', 'third_type']).executeTakeFirst()
}

export function listEnabledConfigs(trx: Trx) {
  return trx
    .selectFrom('third_config')
    .select(['third_type', 'name'])
    .where('status', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

// ---- bindings and session links (account-links.ts)

/** The provider config a session came through, when it is of this type, with the session's sealed ID token. */
export function findSessionProvider(trx: Trx, sessionId: string, thirdType: string) {
  return trx
    .selectFrom('third_session')
    .innerJoin('third_config', (j) =>
      j
        .onRef('third_config.tenant_id', '=', 'third_session.tenant_id')
        .onRef('third_config.id', '=', 'third_session.config_id'),
    )
    .selectAll('third_config')
    .select('third_session.id_token_sealed')
    .where('third_session.session_id', '=', sessionId)
    .where('third_config.third_type', '=', thirdType)
    .executeTakeFirst()
}

export function findAccountPasswordHash(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('password_hash').where('id', '=', accountId).executeTakeFirst()
}

export function findConfigIdByType(trx: Trx, thirdType: string) {
  return trx.selectFrom('third_config').select('id').where('third_type', '=', thirdType).executeTakeFirst()
}

export function deleteIdentity(trx: Trx, configId: number, accountId: number) {
  return trx
    .deleteFrom('third_identity')
    .where('config_id', '=', configId)
    .where('account_id', '=', accountId)
    .returning('subject')
    .executeTakeFirst()
}

// ---- the sign-in flow (flow.ts)

export async function deleteStatesExpiredBefore(trx: Trx, before: Date): Promise<void> {
  await trx.deleteFrom('third_state').where('expires_at', '<', before).execute()
}

export async function insertState(trx: Trx, values: Insertable<ThirdStateTable>): Promise<void> {
  await trx.insertInto('third_state').values(values).execute()
}

/** Spends a live state: only one caller can set used_at, so a state answers once. */
export function spendState(trx: Trx, id: string, now: Date) {
  return trx
    .updateTable('third_state')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

/** Marks the identity's sign-in time; undefined when the subject is not bound to an account. */
export function touchIdentity(trx: Trx, configId: number, subject: string, now: Date) {
  return trx
    .updateTable('third_identity')
    .set({ last_login_at: now })
    .where('config_id', '=', configId)
    .where('subject', '=', subject)
    .returning('account_id')
    .executeTakeFirst()
}

export async function deleteBindTicketsExpiredBefore(trx: Trx, before: Date): Promise<void> {
  await trx.deleteFrom('third_bind_ticket').where('expires_at', '<', before).execute()
}

export async function insertBindTicket(trx: Trx, values: Insertable<ThirdBindTicketTable>): Promise<void> {
  await trx.insertInto('third_bind_ticket').values(values).execute()
}

export async function insertThirdSession(
  trx: Trx,
  values: { session_id: string; config_id: number; id_token_sealed: string | null },
): Promise<void> {
  await trx.insertInto('third_session').values(values).execute()
}

export async function deleteCodeLoginReqsExpiredBefore(trx: Trx, before: Date): Promise<void> {
  await trx.deleteFrom('code_login_req').where('expires_at', '<', before).execute()
}

export async function insertCodeLoginReq(trx: Trx, values: Insertable<CodeLoginReqTable>): Promise<void> {
  await trx.insertInto('code_login_req').values(values).execute()
}

/** Spends a live code-login request of this account (single use). */
export function spendCodeLoginReq(trx: Trx, id: string, accountId: number, now: Date) {
  return trx
    .updateTable('code_login_req')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

export function findLiveBindTicket(trx: Trx, id: string, now: Date) {
  return trx
    .selectFrom('third_bind_ticket')
    .select('id')
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Spends a live bind ticket (single use). */
export function spendBindTicket(trx: Trx, id: string, now: Date) {
  return trx
    .updateTable('third_bind_ticket')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst()
}

export function findAccountIdentity(trx: Trx, accountId: number, configId: number) {
  return trx
    .selectFrom('third_identity')
    .select('subject')
    .where('account_id', '=', accountId)
    .where('config_id', '=', configId)
    .executeTakeFirst()
}

/** Binds a subject; undefined when the subject is already bound (to anyone). */
export function insertIdentity(trx: Trx, values: Insertable<ThirdIdentityTable>) {
  return trx
    .insertInto('third_identity')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning('account_id')
    .executeTakeFirst()
}
