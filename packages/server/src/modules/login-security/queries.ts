import { ADMIN_ROLE, type LoginLogQuery } from '@zhixiao/shared'
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AccountRecoveryCodeTable, Database, QrLoginTable, TotpTicketTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'

// ---- login log ----

export function pageLoginLog(trx: Trx, q: LoginLogQuery) {
  let base = trx.selectFrom('login_log')
  if (q.from) base = base.where('created_at', '>=', new Date(q.from))
  if (q.to) base = base.where('created_at', '<', new Date(q.to))
  // A prefix of the name: people look up an account they know the start of; % and _ are taken literally.
  if (q.userName) base = base.where('user_name', 'like', `${q.userName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (q.success !== undefined) base = base.where('success', '=', q.success)
  if (q.method) base = base.where('method', '=', q.method)
  const rows = base
    .select([
      'id',
      'user_name as userName',
      'account_id as accountId',
      'method',
      'success',
      'reason',
      'ip',
      'user_agent as userAgent',
      'net_type as netType',
      'created_at as createdAt',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
  return paginate(rows, base.select('id'), q)
}

// ---- QR-code login (qr_login has no tenant: it is reached outside a tenant transaction) ----

export async function deleteQrExpiredBefore(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('qr_login').where('expires_at', '<', before).execute()
}

/** Ids of a client address not yet expired. */
export function countLiveQr(db: Kysely<Database>, ip: string, now: Date) {
  return db
    .selectFrom('qr_login')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('request_ip', '=', ip)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
}

export async function insertQr(db: Kysely<Database>, values: Insertable<QrLoginTable>) {
  await db.insertInto('qr_login').values(values).execute()
}

export function findQr(db: Kysely<Database>, idHash: string) {
  return db.selectFrom('qr_login').selectAll().where('id', '=', idHash).executeTakeFirst()
}

/** Spends a live confirmation; undefined when another poll claimed it first or it expired. */
export function claimConfirmedQr(trx: Trx, idHash: string, now: Date) {
  return trx
    .updateTable('qr_login')
    .set({ used_at: now })
    .where('id', '=', idHash)
    .where('state', '=', 'confirmed')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst()
}

export async function markQrScanned(db: Kysely<Database>, idHash: string, open: string[]) {
  await db
    .updateTable('qr_login')
    .set({ state: 'scanned' })
    .where('id', '=', idHash)
    .where('state', 'in', open)
    .execute()
}

/** Sets the state of an id still in one of the open states and not expired; undefined when none was. */
export function moveOpenQr(
  db: Kysely<Database>,
  idHash: string,
  open: string[],
  now: Date,
  values: Updateable<QrLoginTable>,
) {
  return db
    .updateTable('qr_login')
    .set(values)
    .where('id', '=', idHash)
    .where('state', 'in', open)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst()
}

export function findOrgTenant(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['tenant_id', 'status']).where('id', '=', orgId).executeTakeFirst()
}

export function findTrueName(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirst()
}

// ---- TOTP sign-in tickets ----

export async function insertTotpTicket(trx: Trx, values: Insertable<TotpTicketTable>) {
  await trx.insertInto('totp_ticket').values(values).execute()
}

/** An unused, unexpired ticket with tries left. */
export function findLiveTicket(trx: Trx, ticketHash: string, now: Date, maxTries: number) {
  return trx
    .selectFrom('totp_ticket')
    .selectAll()
    .where('id', '=', ticketHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('tries', '<', maxTries)
    .executeTakeFirst()
}

/** Marks the ticket used only if it still is unused; undefined when another request spent it. */
export function spendTotpTicket(trx: Trx, id: string, now: Date) {
  return trx
    .updateTable('totp_ticket')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
}

export function countTicketTry(trx: Trx, id: string) {
  return trx
    .updateTable('totp_ticket')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .returning('tries')
    .executeTakeFirstOrThrow()
}

// ---- TOTP secrets, recovery codes, policy ----

export function findTenantConfig(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('config').where('id', '=', tenantId).executeTakeFirst()
}

/** The policy key of tenant.config set to required, the rest of the config kept. */
export async function setTenantTotpPolicy(trx: Trx, tenantId: number, policyKey: string, required: boolean) {
  await trx
    .updateTable('tenant')
    .set({ config: sql`config || jsonb_build_object(${policyKey}::text, ${required}::boolean)` })
    .where('id', '=', tenantId)
    .execute()
}

/** One built-in admin role held by a live membership of the account (own or delegated by a parent org). */
export function findAdminRole(trx: Trx, accountId: number) {
  const held = trx
    .selectFrom('user_role')
    .select(['user_role.user_info_id', 'user_role.role_id'])
    .union(trx.selectFrom('role_sub_org_user').select(['role_sub_org_user.user_info_id', 'role_sub_org_user.role_id']))
  return trx
    .selectFrom(held.as('held'))
    .innerJoin('user_info', 'user_info.id', 'held.user_info_id')
    .innerJoin('role', 'role.id', 'held.role_id')
    .select('role.id')
    .where('user_info.account_id', '=', accountId)
    .where('user_info.status', '=', 0)
    .where('user_info.archived', '=', false)
    .where('role.code', '=', ADMIN_ROLE)
    .where('role.status', '=', 0)
    .limit(1)
    .executeTakeFirst()
}

export function findTotp(trx: Trx, accountId: number) {
  return trx.selectFrom('account_totp').selectAll().where('account_id', '=', accountId).executeTakeFirst()
}

/** A new pending secret, replacing an unfinished one (counters and lock reset). */
export async function upsertPendingTotp(trx: Trx, accountId: number, sealed: string, now: Date) {
  await trx
    .insertInto('account_totp')
    .values({ account_id: accountId, secret_sealed: sealed, enabled_at: null, created_at: now, locked_until: null })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'account_id'])
        .doUpdateSet({ secret_sealed: sealed, created_at: now, failed_count: 0, locked_until: null, last_step: 0 }),
    )
    .execute()
}

export async function enableTotp(trx: Trx, accountId: number, now: Date, step: number) {
  await trx
    .updateTable('account_totp')
    .set({ enabled_at: now, last_step: step, failed_count: 0 })
    .where('account_id', '=', accountId)
    .execute()
}

/** Accepts step only if it is later than the last accepted one; undefined for a replay. */
export function takeTotpStep(trx: Trx, accountId: number, step: number) {
  return trx
    .updateTable('account_totp')
    .set({ last_step: step, failed_count: 0 })
    .where('account_id', '=', accountId)
    .where('last_step', '<', step)
    .returning('account_id')
    .executeTakeFirst()
}

export async function resetTotpFailures(trx: Trx, accountId: number) {
  await trx.updateTable('account_totp').set({ failed_count: 0 }).where('account_id', '=', accountId).execute()
}

export function countTotpFailure(trx: Trx, accountId: number) {
  return trx
    .updateTable('account_totp')
    .set({ failed_count: sql<number>`failed_count + 1` })
    .where('account_id', '=', accountId)
    .returning('failed_count')
    .executeTakeFirstOrThrow()
}

export async function lockTotpUntil(trx: Trx, accountId: number, until: Date) {
  await trx
    .updateTable('account_totp')
    .set({ failed_count: 0, locked_until: until })
    .where('account_id', '=', accountId)
    .execute()
}

export async function deleteTotp(trx: Trx, accountId: number) {
  await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute()
}

export function countRecoveryCodesLeft(trx: Trx, accountId: number) {
  return trx
    .selectFrom('account_recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
}

export async function deleteRecoveryCodes(trx: Trx, accountId: number) {
  await trx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute()
}

export async function insertRecoveryCodes(trx: Trx, rows: Insertable<AccountRecoveryCodeTable>[]) {
  await trx.insertInto('account_recovery_code').values(rows).execute()
}

/** Spends an unused recovery code of the account; undefined when none matches. */
export function spendRecoveryCode(trx: Trx, accountId: number, codeHash: string, now: Date) {
  return trx
    .updateTable('account_recovery_code')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('account_id')
    .executeTakeFirst()
}
