import { UserType, type LoginMethod } from '@zhixiao/shared'
import { sql, type Insertable, type Kysely } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { CaptchaTable, Database, ResetTicketTable } from '../../db/schema.js'

/** `alumni`: a graduate's archived membership, signed in to read-only during the alumni period (sign-in.ts). */
export type Membership = Awaited<ReturnType<typeof membershipsOf>>[number] & { alumni?: true }

/** An account's enabled memberships in enabled organisations, as sign-in reads them (live and alumni alike). */
const membershipRows = (trx: Trx, accountId: number) =>
  trx
    .selectFrom('user_info')
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'user_info.tenant_id').onRef('org_unit.id', '=', 'user_info.org_id'),
    )
    .select([
      'user_info.id as userInfoId',
      'user_info.org_id as orgId',
      'user_info.user_type as userType',
      'user_info.tenant_id as tenantId',
      'org_unit.name as displayName',
      'org_unit.unit_attr as unitAttr',
    ])
    .where('user_info.account_id', '=', accountId)
    .where('user_info.status', '=', 0)
    .where('org_unit.status', '=', 0)

/** The enabled organisations an account belongs to, in display order. */
export function membershipsOf(trx: Trx, accountId: number, userType?: number) {
  let q = membershipRows(trx, accountId).where('user_info.archived', '=', false)
  if (userType !== undefined) q = q.where('user_info.user_type', '=', userType)
  return q.orderBy('user_info.sort').orderBy('user_info.id').execute()
}

/**
 * The account's latest graduation: an archived student membership with a 'graduated' enrolment row at its school
 * (the roll-over or a 毕业 异动 writes it), its school enabled. An account with no live membership signs in to it as
 * an alumnus until the account expires (docs/school-year.md "Graduation and alumni").
 */
export async function alumniMembershipOf(trx: Trx, accountId: number): Promise<Membership | undefined> {
  const row = await membershipRows(trx, accountId)
    .where('user_info.user_type', '=', UserType.STUDENT)
    .where('user_info.archived', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('enrolment as e')
          .select('e.id')
          .whereRef('e.user_info_id', '=', 'user_info.id')
          .whereRef('e.org_id', '=', 'user_info.org_id')
          .where('e.status', '=', 'graduated'),
      ),
    )
    .orderBy('user_info.archived_at', 'desc')
    .orderBy('user_info.id', 'desc')
    .executeTakeFirst()
  return row && { ...row, alumni: true }
}

export function findAccount(trx: Trx, accountId: number) {
  return trx.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirst()
}

export function findTenant(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').selectAll().where('id', '=', tenantId).executeTakeFirst()
}

export interface LoginLogEntry {
  accountId: number | null
  userName: string
  ip: string | null
  success: boolean
  reason: string
  at: Date
  /** How the sign-in came about (LoginMethod); the login log screen filters by it. */
  method: LoginMethod
  userAgent: string | null
  /** ysNetType of the request: 1 intranet, 0 internet, null not sent. */
  netType: number | null
}

export async function writeLoginLog(trx: Trx, row: LoginLogEntry) {
  await trx
    .insertInto('login_log')
    .values({
      account_id: row.accountId,
      user_name: row.userName.slice(0, 64),
      ip: row.ip,
      success: row.success,
      reason: row.reason,
      created_at: row.at,
      method: row.method,
      user_agent: row.userAgent?.slice(0, 300) ?? null,
      net_type: row.netType,
    })
    .execute()
}

export function findLoginName(db: Kysely<Database>, userName: string) {
  return db.selectFrom('login_name').selectAll().where('user_name', '=', userName).executeTakeFirst()
}

// ---- attempt counts (attempts.ts) ----

/**
 * The counting update of either table: no count while locked, and a count whose last attempt is before forgetBefore
 * starts over.
 */
function counted(table: 'account' | 'unknown_name_attempt', now: Date, forgetBefore: Date) {
  const col = (c: string) => sql.ref(`${table}.${c}`)
  const locked = sql`${col('locked_until')} > ${now}`
  return {
    failed_count: sql<number>`CASE WHEN ${locked} THEN ${col('failed_count')} WHEN ${col('last_attempt_at')} >= ${forgetBefore} THEN ${col('failed_count')} + 1 ELSE 1 END`,
    last_attempt_at: sql<Date>`CASE WHEN ${locked} THEN ${col('last_attempt_at')} ELSE ${now} END`,
  }
}

const giveBack = sql<number>`GREATEST(failed_count - 1, 0)`

/** Counts an attempt on the account (one atomic UPDATE); the account row after it, or undefined if gone. */
export function countAccountAttempt(trx: Trx, accountId: number, now: Date, forgetBefore: Date) {
  return trx
    .updateTable('account')
    .set(counted('account', now, forgetBefore))
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst()
}

export async function giveBackAccountAttempt(trx: Trx, accountId: number) {
  await trx.updateTable('account').set({ failed_count: giveBack }).where('id', '=', accountId).execute()
}

export async function lockAccount(trx: Trx, accountId: number, until: Date) {
  await trx.updateTable('account').set({ locked_until: until, failed_count: 0 }).where('id', '=', accountId).execute()
}

/**
 * A sign-in forgives its own place (slot) and the failures before it, not the places of attempts counted after it and
 * still in flight: those give their own place back when stopped, or keep it when wrong. (Resetting to 0 let their
 * give-backs come out of the next series, so a burst beside a sign-in could reach the hash more than three times.)
 */
export async function forgiveAccountFailures(trx: Trx, accountId: number, slot: number) {
  await trx
    .updateTable('account')
    .set({ failed_count: sql<number>`GREATEST(failed_count - ${slot}, 0)`, locked_until: null })
    .where('id', '=', accountId)
    .execute()
}

export async function deleteUnknownNameAttemptsBefore(db: Kysely<Database>, before: Date) {
  await db.deleteFrom('unknown_name_attempt').where('last_attempt_at', '<', before).execute()
}

export function countUnknownNameAttempt(db: Kysely<Database>, nameHash: string, now: Date, forgetBefore: Date) {
  return db
    .insertInto('unknown_name_attempt')
    .values({ name_hash: nameHash, failed_count: 1, last_attempt_at: now })
    .onConflict((oc) => oc.column('name_hash').doUpdateSet(counted('unknown_name_attempt', now, forgetBefore)))
    .returning(['failed_count', 'locked_until'])
    .executeTakeFirstOrThrow()
}

export async function giveBackUnknownNameAttempt(db: Kysely<Database>, nameHash: string) {
  await db
    .updateTable('unknown_name_attempt')
    .set({ failed_count: giveBack })
    .where('name_hash', '=', nameHash)
    .execute()
}

export async function lockUnknownName(db: Kysely<Database>, nameHash: string, until: Date) {
  await db
    .updateTable('unknown_name_attempt')
    .set({ locked_until: until, failed_count: 0 })
    .where('name_hash', '=', nameHash)
    .execute()
}

// ---- client address window (ip-throttle.ts) ----

/** Counts a failure in the address's window (a window started before windowStart starts again at now). */
export function countIpAttempt(db: Kysely<Database>, ip: string, now: Date, windowStart: Date) {
  return db
    .insertInto('ip_throttle')
    .values({ ip, window_started_at: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN 1 ELSE ip_throttle.failures + 1 END`,
        window_started_at: sql`CASE WHEN ip_throttle.window_started_at < ${windowStart} THEN ${now} ELSE ip_throttle.window_started_at END`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow()
}

export async function giveBackIpAttempt(db: Kysely<Database>, ip: string) {
  await db
    .updateTable('ip_throttle')
    .set({ failures: sql`GREATEST(failures - 1, 0)` })
    .where('ip', '=', ip)
    .execute()
}

// ---- captcha ----

export async function deleteExpiredCaptchas(db: Kysely<Database>, now: Date) {
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute()
}

export async function insertCaptcha(db: Kysely<Database>, values: Insertable<CaptchaTable>) {
  await db.insertInto('captcha').values(values).execute()
}

/** Marks an unused, unexpired captcha used and returns its answer's hash; undefined when there was none. */
export function spendCaptcha(db: Kysely<Database>, id: string, now: Date) {
  return db
    .updateTable('captcha')
    .set({ used: true })
    .where('id', '=', id)
    .where('used', '=', false)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst()
}

// ---- passwords and reset tickets ----

export async function setPassword(trx: Trx, accountId: number, hash: string, now: Date) {
  await trx
    .updateTable('account')
    .set({ password_hash: hash, must_reset: false, password_changed_at: now, failed_count: 0, locked_until: null })
    .where('id', '=', accountId)
    .execute()
}

/** Replaces the hash only if it is still oldHash (a password changed meanwhile is kept). */
export async function upgradePasswordHash(trx: Trx, accountId: number, oldHash: string, hash: string) {
  await trx
    .updateTable('account')
    .set({ password_hash: hash })
    .where('id', '=', accountId)
    .where('password_hash', '=', oldHash)
    .execute()
}

export async function insertResetTicket(trx: Trx, values: Insertable<ResetTicketTable>) {
  await trx.insertInto('reset_ticket').values(values).execute()
}

export function findLiveResetTicket(trx: Trx, idHash: string, now: Date) {
  return trx
    .selectFrom('reset_ticket')
    .selectAll()
    .where('id', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Spends a live ticket (one conditional UPDATE); undefined when another use spent it first or it expired. */
export function spendResetTicket(trx: Trx, idHash: string, now: Date) {
  return trx
    .updateTable('reset_ticket')
    .set({ used_at: now })
    .where('id', '=', idHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id', 'reason'])
    .executeTakeFirst()
}

/** Voids every ticket the account still holds. */
export async function voidResetTickets(trx: Trx, accountId: number, now: Date) {
  await trx
    .updateTable('reset_ticket')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute()
}
