import {
  DATA_CENTRE_APP_TYPES,
  DATA_CENTRE_IDS,
  DataCentreMsg,
  ErrorCode,
  IOT_HOST,
  IOT_MENU,
  LOW_CODE_IDS,
  SUPER_ADMIN,
  type DataCentreKind,
  type DataCentreList,
  type DataWarehouseRow,
  type DataWarehouseSetBody,
  type IotMenuEntry,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { paginate, type Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import { collectedIds, offerable, toAppRow, viewerOf } from '../apps/registry.js'

/**
 * The data-centre and low-code lists and the IoT entries (docs/portal-apps.md "Data centre, low-code, IoT"), and
 * the platform administrator's data warehouse switch, kept in the tenant's config as `dataWarehouse`.
 */

/** Is the tenant's data warehouse enabled (tenant.config.dataWarehouse; off until the platform admin turns it on)? */
async function warehouseEnabled(ctx: AppContext, tenantId: number): Promise<boolean> {
  const row = await ctx.db.platform((trx) =>
    trx
      .selectFrom('tenant')
      .select(sql<boolean>`coalesce((config->>'dataWarehouse')::boolean, false)`.as('on'))
      .where('id', '=', tenantId)
      .executeTakeFirst(),
  )
  return !!row?.on
}

/**
 * The apps of a list the user is offered (the registry's one rule, registry.ts notOffered): app type 3 or 4, one of
 * the list's uniqueIds, shown, for the user's type, permission held and opening something. Scrapped and expired
 * apps stay listed, as in the launcher, so a click gives the reason.
 */
export async function dataCentreList(ctx: AppContext, auth: AuthInfo, kind: DataCentreKind): Promise<DataCentreList> {
  const enabled = kind === 'lowCode' || (await warehouseEnabled(ctx, auth.tenantId))
  if (!enabled) return { kind, enabled, apps: [] }
  const ids = kind === 'dataCenter' ? DATA_CENTRE_IDS : LOW_CODE_IDS
  const apps = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const rows = await appsInView(trx, v)
      .select(APP_COLUMNS)
      .where('app.app_type', 'in', [...DATA_CENTRE_APP_TYPES])
      .where('app.unique_id', 'in', [...ids])
      .orderBy('app.sort')
      .orderBy('app.id')
      .execute()
    const collected = await collectedIds(trx, auth.userInfoId)
    return rows.filter((a) => offerable(v, a)).map((a) => toAppRow(a, v.today, collected))
  })
  return { kind, enabled, apps }
}

/** The IoT entries of 000 §2.5 whose permission the user holds (智能手机 needs none). */
export async function iotMenu(ctx: AppContext, auth: AuthInfo): Promise<IotMenuEntry[]> {
  const { permissions } = await ctx.db.tenant(auth.tenantId, (trx) => loadGrants(trx, auth.userInfoId))
  const held = new Set(permissions)
  return IOT_MENU.filter((m) => !m.permission || held.has(m.permission)).map((m) => ({
    key: m.key,
    name: m.name,
    permission: m.permission,
    route: `${IOT_HOST}/${m.page}`,
  }))
}

/** Platform administrator: every tenant with its switch (the platform tenant itself is left out). */
export function warehouseTenants(
  ctx: AppContext,
  q: { keyword?: string; pageIndex: number; pageSize: number },
): Promise<Page<DataWarehouseRow>> {
  return ctx.db.platform(async (trx) => {
    let base = trx.selectFrom('tenant').where('id', '<>', SUPER_ADMIN.tenantId)
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`
      base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('unique_name', 'ilike', like)]))
    }
    const rows = base
      .select([
        'id as tenantId',
        'name',
        'unique_name as uniqueName',
        sql<boolean>`coalesce((config->>'dataWarehouse')::boolean, false)`.as('enabled'),
      ])
      .orderBy('id')
    const page = await paginate(rows, base.select('id'), q)
    return { ...page, list: page.list.map((r) => ({ ...r, tenantId: Number(r.tenantId) })) }
  })
}

/** Platform administrator: turns a tenant's data warehouse on or off (other config keys kept). */
export async function setWarehouse(ctx: AppContext, b: DataWarehouseSetBody): Promise<void> {
  if (b.tenantId === SUPER_ADMIN.tenantId) throw refused(ErrorCode.BAD_REQUEST, DataCentreMsg.PLATFORM)
  await ctx.db.platform(async (trx) => {
    const r = await trx
      .updateTable('tenant')
      .set({ config: sql`coalesce(config, '{}'::jsonb) || jsonb_build_object('dataWarehouse', ${b.enabled}::boolean)` })
      .where('id', '=', b.tenantId)
      .executeTakeFirst()
    if (!Number(r.numUpdatedRows)) throw notFound(DataCentreMsg.TENANT_NOT_FOUND)
  })
}
