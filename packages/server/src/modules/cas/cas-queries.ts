import { sql, type Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { OnceTokenTable } from '../../db/schema.js'
import { APP_COLUMNS, appsInView, type AppReach } from '../apps/registry-queries.js'

/** The CAS apps that registered exactly this service address (jsonb containment: whole strings, never a prefix). */
export function casClientIdsForService(trx: Trx, service: string) {
  return trx
    .selectFrom('app_client')
    .select('client_id')
    .where('protocol', '=', 'cas')
    .where(sql<boolean>`cas_services @> ${JSON.stringify([service])}::jsonb`)
    .orderBy('app_id')
    .execute()
}

export function findClientIdOfApp(trx: Trx, appId: number) {
  return trx.selectFrom('app_client').select('client_id').where('app_id', '=', appId).executeTakeFirst()
}

/** A registry app this viewer's org sees at all (the launcher's own rule, apps/registry-queries appsInView). */
export function findAppInView(trx: Trx, v: AppReach, appId: number) {
  return appsInView(trx, v).select(APP_COLUMNS).where('app.id', '=', appId).executeTakeFirst()
}

export async function insertTicket(trx: Trx, values: Insertable<OnceTokenTable>): Promise<void> {
  await trx.insertInto('once_token').values(values).execute()
}

/**
 * Spends an unused, unexpired service ticket in one UPDATE … RETURNING, so two racing validations (even in two
 * processes) cannot both win. A once-token of the portal (no app) is never a CAS ticket.
 */
export function spendTicket(trx: Trx, ticketHash: string, now: Date) {
  return trx
    .updateTable('once_token')
    .set({ used_at: now })
    .where('id', '=', ticketHash)
    .where('app_id', 'is not', null)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['app_id', 'service', 'user_info_id', 'session_id'])
    .executeTakeFirst()
}

/** Keeps a validated (spent) ticket's own value for single logout's SessionIndex. */
export async function keepTicketValue(trx: Trx, ticketHash: string, ticket: string): Promise<void> {
  await trx.updateTable('once_token').set({ ticket }).where('id', '=', ticketHash).execute()
}

/** The tickets validated under a portal session: the services single logout tells. */
export function validatedTicketsOfSession(trx: Trx, sessionId: string) {
  return trx
    .selectFrom('once_token')
    .select(['id', 'ticket', 'service', 'app_id', 'user_info_id'])
    .where('session_id', '=', sessionId)
    .where('ticket', 'is not', null)
    .execute()
}

/** After single logout the values are no longer needed (a second sign-out of the session tells nobody again). */
export async function forgetTicketValues(trx: Trx, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await trx.updateTable('once_token').set({ ticket: null }).where('id', 'in', ids).execute()
}

/** A suspended app's unused tickets are spent at once. */
export async function spendTicketsOfApp(trx: Trx, appId: number, now: Date): Promise<void> {
  await trx
    .updateTable('once_token')
    .set({ used_at: now })
    .where('app_id', '=', appId)
    .where('used_at', 'is', null)
    .execute()
}
