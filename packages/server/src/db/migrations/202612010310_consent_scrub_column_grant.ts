import { type Kysely, sql } from 'kysely'

/**
 * The two walls around the consent ledger, reconciled (issue 26 points 3 and 6). 202612010200 took UPDATE on
 * consent_record from the app's roles, so nothing the app runs can edit a line; 202612010300 let the retention scrub
 * clear a leaver's personal fields through the ledger's trigger. The scrub runs as the app, so the app's roles get
 * UPDATE back on exactly the columns the scrub clears — a column grant, so a fact (purpose, app, version, channel,
 * given, time, child) stays beyond the app's reach by privilege, and the trigger still refuses every change but the
 * clearing, and only while the scrub's switch is on.
 */
const CLEARED = 'child_name, guardian_name, recorded_by_name, guardian_id, recorded_by_account_id, relation'
const ROLES = 'zx_app, zx_platform'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`GRANT UPDATE (${CLEARED}) ON consent_record TO ${ROLES}`).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`REVOKE UPDATE (${CLEARED}) ON consent_record FROM ${ROLES}`).execute(db)
}
