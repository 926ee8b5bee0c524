import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { AppAccessLogTable, AppClientTable } from '../../db/schema.js'

/** The registry's app with what the hub needs of it (name, who may use it, whether it still opens). */
const APP_FIELDS = ['a.name as app_name', 'a.user_types', 'a.is_scrap', 'a.expire_date', 'a.entry_url'] as const

export function findApp(trx: Trx, appId: number) {
  return trx.selectFrom('app').select(['id', 'name', 'org_id']).where('id', '=', appId).executeTakeFirst()
}

export function findClientByApp(trx: Trx, appId: number) {
  return trx
    .selectFrom('app_client as c')
    .innerJoin('app as a', (j) => j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.app_id'))
    .selectAll('c')
    .select(APP_FIELDS)
    .where('c.app_id', '=', appId)
    .executeTakeFirst()
}

export function findClientById(trx: Trx, clientId: string) {
  return trx
    .selectFrom('app_client as c')
    .innerJoin('app as a', (j) => j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.app_id'))
    .selectAll('c')
    .select(APP_FIELDS)
    .where('c.client_id', '=', clientId)
    .executeTakeFirst()
}

export function insertClient(trx: Trx, values: Insertable<AppClientTable>) {
  return trx.insertInto('app_client').values(values).execute()
}

export function updateClient(trx: Trx, appId: number, values: Updateable<AppClientTable>) {
  return trx
    .updateTable('app_client')
    .set({ ...values, updated_at: new Date() })
    .where('app_id', '=', appId)
    .executeTakeFirst()
}

export function insertAccessLog(trx: Trx, values: Insertable<AppAccessLogTable>) {
  return trx.insertInto('app_access_log').values(values).execute()
}

/** One page of an app's access log, newest first, with its total (platform/paging.ts paginate). */
export function accessLogPage(trx: Trx, appId: number, page: PageQuery) {
  const filtered = trx
    .selectFrom('app_access_log as l')
    .leftJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'l.tenant_id').onRef('u.id', '=', 'l.user_info_id'))
    .where('l.app_id', '=', appId)
  return paginate(
    filtered
      .select(['l.id', 'l.kind', 'l.user_info_id', 'u.true_name', 'l.scope', 'l.detail', 'l.ip', 'l.at'])
      .orderBy('l.id', 'desc'),
    filtered,
    page,
  )
}

export function findTenantRow(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst()
}
