import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AccountTable, SignupPassTable } from '../../db/schema.js'

export function findAccountByPhone(trx: Trx, phone: string) {
  return trx.selectFrom('account').select('id').where('phone', '=', phone).limit(1).executeTakeFirst()
}

export function findSignupRecordByPhone(trx: Trx, phone: string) {
  return trx.selectFrom('signup_record').select('phone').where('phone', '=', phone).executeTakeFirst()
}

export function insertSignupTicket(trx: Trx, id: string, phone: string, expiresAt: Date) {
  return trx.insertInto('signup_ticket').values({ id, phone, expires_at: expiresAt }).execute()
}

/** Spends a live, unused ticket; none comes back when it is unknown, used or expired. */
export function spendSignupTicket(trx: Trx, id: string, now: Date) {
  return trx
    .updateTable('signup_ticket')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('phone')
    .executeTakeFirst()
}

export function insertAccount(trx: Trx, values: Insertable<AccountTable>) {
  return trx.insertInto('account').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertLoginName(trx: Trx, userName: string, tenantId: number, accountId: number) {
  return trx
    .insertInto('login_name')
    .values({ user_name: userName, tenant_id: tenantId, account_id: accountId })
    .execute()
}

export function insertSignupRecord(trx: Trx, phone: string, accountId: number, trueName: string, createdAt: Date) {
  return trx
    .insertInto('signup_record')
    .values({ phone, account_id: accountId, true_name: trueName, created_at: createdAt })
    .execute()
}

export function insertSignupPass(trx: Trx, values: Insertable<SignupPassTable>) {
  return trx.insertInto('signup_pass').values(values).execute()
}

export function findLiveSignupPass(trx: Trx, id: string, now: Date) {
  return trx
    .selectFrom('signup_pass')
    .select('account_id')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

export function findSignupRecordOfAccount(trx: Trx, accountId: number) {
  return trx.selectFrom('signup_record').select('phone').where('account_id', '=', accountId).executeTakeFirst()
}

export function findAnyMembership(trx: Trx, accountId: number) {
  return trx.selectFrom('user_info').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst()
}

export function findLatestJoinRequest(trx: Trx, accountId: number) {
  return trx
    .selectFrom('join_request')
    .select('status')
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function findAccountTenant(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('tenant_id').where('id', '=', accountId).executeTakeFirstOrThrow()
}
