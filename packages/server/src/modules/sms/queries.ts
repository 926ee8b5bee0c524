import { SUPER_ADMIN } from '@zhixiao/shared'
import { sql, type Insertable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type {
  SmsCodeTable,
  SmsConfigTable,
  SmsLogTable,
  SmsStepTicketTable,
  SmsTemplateTable,
} from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

// ---- config ----

export function findSmsConfig(trx: Trx) {
  return trx.selectFrom('sms_config').selectAll().executeTakeFirst()
}

/** Locks the tenant's config row so two saves cannot both read the old secret. */
export function lockSmsConfig(trx: Trx) {
  return trx.selectFrom('sms_config').selectAll().forUpdate().executeTakeFirst()
}

export async function updateSmsConfig(trx: Trx, values: Updateable<SmsConfigTable>) {
  await trx.updateTable('sms_config').set(values).execute()
}

export async function insertSmsConfig(trx: Trx, values: Insertable<SmsConfigTable>) {
  await trx.insertInto('sms_config').values(values).execute()
}

export async function deleteSmsConfig(trx: Trx) {
  await trx.deleteFrom('sms_config').execute()
}

export function findStepSetting(trx: Trx) {
  return trx.selectFrom('sms_config').select('password_login_sms_step').executeTakeFirst()
}

// ---- templates ----

export function pageTemplates(trx: Trx, q: PageQuery & { event?: string }) {
  let base = trx.selectFrom('sms_template')
  if (q.event) base = base.where('event', '=', q.event)
  return paginate(base.selectAll().orderBy('id'), base.select('id'), q)
}

export function findTemplate(trx: Trx, id: number) {
  return trx.selectFrom('sms_template').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The event's enabled template (status 0). */
export function findActiveTemplate(trx: Trx, event: string) {
  return trx
    .selectFrom('sms_template')
    .selectAll()
    .where('event', '=', event)
    .where('status', '=', 0)
    .executeTakeFirst()
}

export function insertTemplate(trx: Trx, values: Insertable<SmsTemplateTable>) {
  return trx.insertInto('sms_template').values(values).returning('id').executeTakeFirstOrThrow()
}

export function updateTemplateRow(trx: Trx, id: number, values: Updateable<SmsTemplateTable>) {
  return trx.updateTable('sms_template').set(values).where('id', '=', id).executeTakeFirst()
}

export function deleteTemplateRow(trx: Trx, id: number) {
  return trx.deleteFrom('sms_template').where('id', '=', id).executeTakeFirst()
}

// ---- log ----

export function pageSmsLog(trx: Trx, q: PageQuery & { phone?: string; event?: string; status?: string }) {
  let base = trx
    .selectFrom('sms_log')
    .leftJoin('account', (j) =>
      j.onRef('account.tenant_id', '=', 'sms_log.tenant_id').onRef('account.id', '=', 'sms_log.account_id'),
    )
  if (q.phone) base = base.where('sms_log.phone', 'like', `%${q.phone.replace(/[^0-9]/g, '')}%`)
  if (q.event) base = base.where('sms_log.event', '=', q.event)
  if (q.status) base = base.where('sms_log.status', '=', q.status)
  return paginate(
    base
      .select([
        'sms_log.id',
        'sms_log.phone',
        'account.user_name',
        'sms_log.event',
        'sms_log.provider',
        'sms_log.status',
        'sms_log.content_masked',
        'sms_log.content_sealed',
        'sms_log.error',
        'sms_log.ip',
        'sms_log.created_at',
      ])
      .orderBy('sms_log.created_at', 'desc')
      .orderBy('sms_log.id', 'desc'),
    base.select('sms_log.id'),
    q,
  )
}

/** A log row of any tenant (platform scope). */
export function findLogText(trx: Trx, tenantId: number, id: number) {
  return trx
    .selectFrom('sms_log')
    .select(['phone', 'provider', 'content_sealed'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertSmsLog(trx: Trx, values: Insertable<SmsLogTable>) {
  await trx.insertInto('sms_log').values(values).execute()
}

// ---- codes and their limits ----

/**
 * Takes one of the phone's sends in one statement: the row lock of the upsert makes simultaneous sends queue, so two
 * requests in the same second cannot both pass the resend rule. Undefined means the allowance is used up.
 */
export function takePhoneAllowance(
  trx: Trx,
  a: { phone: string; day: string; now: Date; resendBefore: Date; perDay: number },
) {
  return trx
    .insertInto('sms_phone_quota')
    .values({ phone: a.phone, day: a.day, sent: 1, last_sent_at: a.now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'phone'])
        .doUpdateSet({
          sent: sql`CASE WHEN sms_phone_quota.day = ${a.day} THEN sms_phone_quota.sent + 1 ELSE 1 END`,
          day: a.day,
          last_sent_at: a.now,
        })
        .where(sql<boolean>`sms_phone_quota.last_sent_at <= ${a.resendBefore}`)
        .where(sql<boolean>`(sms_phone_quota.day <> ${a.day} OR sms_phone_quota.sent < ${a.perDay})`),
    )
    .returning('sent')
    .executeTakeFirst()
}

export function findPhoneQuota(trx: Trx, phone: string) {
  return trx
    .selectFrom('sms_phone_quota')
    .select(['last_sent_at', 'day', 'sent'])
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow()
}

/** Counts a send in the address's hourly window (a window started at or before windowStart starts again at now). */
export function countIpSend(trx: Trx, ip: string, now: Date, windowStart: Date) {
  return trx
    .insertInto('sms_ip_window')
    .values({ ip, window_started_at: now, sent: 1 })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        sent: sql`CASE WHEN sms_ip_window.window_started_at <= ${windowStart} THEN 1 ELSE sms_ip_window.sent + 1 END`,
        window_started_at: sql`CASE WHEN sms_ip_window.window_started_at <= ${windowStart} THEN ${now} ELSE sms_ip_window.window_started_at END`,
      }),
    )
    .returning('sent')
    .executeTakeFirstOrThrow()
}

export function insertSmsCode(trx: Trx, values: Insertable<SmsCodeTable>) {
  return trx.insertInto('sms_code').values(values).returning('id').executeTakeFirstOrThrow()
}

export async function markCodeUsed(trx: Trx, id: number, now: Date) {
  await trx.updateTable('sms_code').set({ used_at: now }).where('id', '=', id).execute()
}

/** The phone's latest code for event, locked so concurrent checks count wrong tries one after the other. */
export function lockLatestCode(trx: Trx, phone: string, event: string) {
  return trx
    .selectFrom('sms_code')
    .selectAll()
    .where('phone', '=', phone)
    .where('event', '=', event)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst()
}

export async function setCodeTries(trx: Trx, id: number, tries: number) {
  await trx.updateTable('sms_code').set({ tries }).where('id', '=', id).execute()
}

export function findLatestCodeId(trx: Trx, phone: string, event: string) {
  return trx
    .selectFrom('sms_code')
    .select('id')
    .where('phone', '=', phone)
    .where('event', '=', event)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Marks the code used only if it is still unused (numUpdatedRows 0: another request spent it). */
export function spendUnusedCode(trx: Trx, id: number, now: Date) {
  return trx
    .updateTable('sms_code')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst()
}

// ---- phones, accounts, tickets ----

export function findTenantId(trx: Trx, id: number) {
  return trx.selectFrom('tenant').select('id').where('id', '=', id).executeTakeFirst()
}

/** Up to two tenants (other than the platform's) with an account owning phone. */
export function tenantsWithPhone(trx: Trx, phone: string) {
  return trx
    .selectFrom('account')
    .select('tenant_id')
    .distinct()
    .where('phone', '=', phone)
    .where('tenant_id', '<>', SUPER_ADMIN.tenantId)
    .limit(2)
    .execute()
}

/** The accounts of a tenant that own a phone (the account's own number). */
export function accountsByPhone(trx: Trx, phone: string) {
  return trx.selectFrom('account').selectAll().where('phone', '=', phone).orderBy('id').limit(2).execute()
}

export function findAccountPhone(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('phone').where('id', '=', accountId).executeTakeFirst()
}

export function findAccountUserName(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('user_name').where('id', '=', accountId).executeTakeFirst()
}

export async function insertStepTicket(trx: Trx, values: Insertable<SmsStepTicketTable>) {
  await trx.insertInto('sms_step_ticket').values(values).execute()
}

/** An unused, unexpired step ticket with its account's phone. */
export function findOpenStepTicket(trx: Trx, ticketHash: string, now: Date) {
  return trx
    .selectFrom('sms_step_ticket')
    .innerJoin('account', (j) =>
      j
        .onRef('account.tenant_id', '=', 'sms_step_ticket.tenant_id')
        .onRef('account.id', '=', 'sms_step_ticket.account_id'),
    )
    .select(['sms_step_ticket.account_id', 'sms_step_ticket.org_id', 'account.phone'])
    .where('sms_step_ticket.id', '=', ticketHash)
    .where('sms_step_ticket.used_at', 'is', null)
    .where('sms_step_ticket.expires_at', '>', now)
    .executeTakeFirst()
}

/** Marks the step ticket used only if it is still unused (numUpdatedRows 0: already spent). */
export function spendStepTicket(trx: Trx, ticketHash: string, now: Date) {
  return trx
    .updateTable('sms_step_ticket')
    .set({ used_at: now })
    .where('id', '=', ticketHash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
}
