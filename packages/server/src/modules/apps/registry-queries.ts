import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from 'kysely'
import type { AppProtocol } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppTable, Database } from '../../db/schema.js'

/** Writes the built-in rows: the definition follows the list, admin settings are kept (see syncBuiltinApps). */
export async function upsertBuiltinApps(trx: Trx | Kysely<Database>, rows: Insertable<AppTable>[]): Promise<void> {
  await trx
    .insertInto('app')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'unique_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        req_uri: eb.ref('excluded.req_uri'),
        permission_name: eb.ref('excluded.permission_name'),
        grouping_type: eb.ref('excluded.grouping_type'),
        scopes: eb.ref('excluded.scopes'),
        admin_only: eb.ref('excluded.admin_only'),
        sort: eb.ref('excluded.sort'),
        builtin: true,
        user_types: sql<string>`coalesce(app.user_types, excluded.user_types)`,
      })),
    )
    .execute()
}

export function listTenantIds(trx: Trx) {
  return trx.selectFrom('tenant').select('id').execute()
}

export function findAccountUserName(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('user_name').where('id', '=', accountId).executeTakeFirst()
}

export function findMemberUserType(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('user_type').where('id', '=', userInfoId).executeTakeFirstOrThrow()
}

/** The org and its ancestors. */
export async function selectOrgChain(trx: Trx, orgId: number): Promise<{ id: number }[]> {
  const { rows } = await sql<{ id: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id FROM org_unit WHERE id = ${orgId}
      UNION ALL
      SELECT o.id, o.parent_id FROM org_unit o JOIN up ON o.id = up.parent_id
    ) SELECT id FROM up`.execute(trx)
  return rows
}

export const APP_COLUMNS = [
  'app.id',
  'app.org_id',
  'app.unique_id',
  'app.name',
  'app.icon_uri',
  'app.req_uri',
  'app.entry_url',
  'app.permission_name',
  'app.app_type',
  'app.open_way',
  'app.is_new_app',
  'app.is_scrap',
  'app.expire_date',
  'app.has_show',
  'app.grouping_type',
  'app.builtin',
  'app.admin_only',
  'app.scopes',
  'app.sort',
  'app.user_types',
  // The protocol the app signs people in with (identity hub): the launcher asks a CAS app for a service ticket.
  sql<AppProtocol | null>`(SELECT c.protocol FROM app_client c WHERE c.tenant_id = app.tenant_id AND c.app_id = app.id)`.as(
    'protocol',
  ),
] as const

/** What of a viewer decides which apps they see at all (registry Viewer). */
export interface AppReach {
  orgChain: number[]
  superAdmin: boolean
}

/** Apps this viewer's org sees at all: built-in ones and those registered in its org or above. The platform
 * admin's own apps (tenant management, data warehouse) exist for nobody else, not even in admin lists (001 §6). */
export function appsInView(trx: Trx, v: AppReach) {
  return withoutAdminOnly(
    trx.selectFrom('app').where((eb) => eb.or([eb('app.org_id', 'is', null), eb('app.org_id', 'in', v.orgChain)])),
    v,
  )
}

export function withoutAdminOnly<Q extends SelectQueryBuilder<Database, 'app', object>>(q: Q, v: AppReach): Q {
  return v.superAdmin ? q : (q.where('app.admin_only', '=', false) as Q)
}

export function listOftenUseAppIds(trx: Trx, userInfoId: number) {
  return trx.selectFrom('often_use').select('app_id').where('user_info_id', '=', userInfoId).execute()
}
