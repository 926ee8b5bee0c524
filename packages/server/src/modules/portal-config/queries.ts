import type { Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { MobileEntryTable } from '../../db/schema.js'

/** The org and its ancestors with their distance from it, nearest first; no rows when the org is not there. */
export async function orgLineageRows(trx: Trx, orgId: number) {
  const rows = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${orgId}
      UNION ALL
      SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id WHERE up.depth < 32
    ) SELECT id, depth FROM up ORDER BY depth`.execute(trx)
  return rows.rows
}

export function findOrgParent(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirst()
}

export function findOrgTenant(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('tenant_id').where('id', '=', orgId).executeTakeFirst()
}

export function findOrgId(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('id').where('id', '=', orgId).executeTakeFirst()
}

export function findTenantId(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()
}

/** The stored values of one config name for any of the given orgs. */
export function listConfigValues(trx: Trx, name: string, orgIds: number[]) {
  return trx
    .selectFrom('portal_config')
    .select(['org_id', 'value'])
    .where('name', '=', name)
    .where('org_id', 'in', orgIds)
    .execute()
}

export function findConfigValue(trx: Trx, orgId: number, name: string) {
  return trx
    .selectFrom('portal_config')
    .select('value')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .executeTakeFirst()
}

/** Stores an org's value of a config name, JSON text, replacing any earlier one. */
export async function upsertConfigValue(
  trx: Trx,
  orgId: number,
  name: string,
  json: string,
  userInfoId: number,
): Promise<void> {
  await trx
    .insertInto('portal_config')
    .values({ org_id: orgId, name, value: json, updated_by: userInfoId })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'org_id', 'name'])
        .doUpdateSet({ value: json, updated_by: userInfoId, updated_at: sql`now()` }),
    )
    .execute()
}

export function findPersonal(trx: Trx, accountId: number, name: string) {
  return trx
    .selectFrom('personal_config')
    .select('value')
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .executeTakeFirst()
}

export async function upsertPersonal(trx: Trx, accountId: number, name: string, value: string): Promise<void> {
  await trx
    .insertInto('personal_config')
    .values({ account_id: accountId, name, value })
    .onConflict((oc) => oc.columns(['tenant_id', 'account_id', 'name']).doUpdateSet({ value, updated_at: sql`now()` }))
    .execute()
}

/** The account's active, unarchived membership in the org. */
export function findActiveMember(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .where('archived', '=', false)
    .executeTakeFirst()
}

const entryColumns = [
  'id',
  'org_id as orgId',
  'mobile_name as mobileName',
  'mobile_explain as mobileExplain',
  'type',
  'decode_path as decodePath',
  'code_tips as codeTips',
  'has_show as hasShow',
  'sort',
] as const

/** An org's mobile entries by sort, the hidden ones too when `all`. */
export function listMobileEntries(trx: Trx, orgId: number, all: boolean) {
  let q = trx.selectFrom('mobile_entry').select(entryColumns).where('org_id', '=', orgId)
  if (!all) q = q.where('has_show', '=', true)
  return q.orderBy('sort').orderBy('id').execute()
}

export function findMobileEntry(trx: Trx, id: number) {
  return trx.selectFrom('mobile_entry').select(entryColumns).where('id', '=', id).executeTakeFirst()
}

type EntryValues = Required<Omit<Updateable<MobileEntryTable>, 'id' | 'org_id' | 'tenant_id' | 'created_at'>>

export async function insertMobileEntry(trx: Trx, orgId: number, values: EntryValues): Promise<number> {
  const { id } = await trx
    .insertInto('mobile_entry')
    .values({ org_id: orgId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

export async function updateMobileEntry(trx: Trx, id: number, values: EntryValues): Promise<void> {
  await trx.updateTable('mobile_entry').set(values).where('id', '=', id).execute()
}

export async function deleteMobileEntry(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('mobile_entry').where('id', '=', id).execute()
}
