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
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import type { Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { collectedIds, offerable, toAppRow, viewerOf } from '../apps/registry.js'
import { findWarehouseSwitch, listOfferedListApps, pageWarehouseTenants, setWarehouseSwitch } from './queries.js'

/**
 * The data-centre and low-code lists and the IoT entries (docs/apps.md "Data centre, low-code, IoT"), and
 * the platform administrator's data warehouse switch, kept in the tenant's config as `dataWarehouse`.
 */

/** Is the tenant's data warehouse enabled (tenant.config.dataWarehouse; off until the platform admin turns it on)? */
async function warehouseEnabled(ctx: AppContext, tenantId: number): Promise<boolean> {
  const row = await ctx.db.platform((trx) => findWarehouseSwitch(trx, tenantId))
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
    const rows = await listOfferedListApps(trx, v, DATA_CENTRE_APP_TYPES, ids)
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
    const page = await pageWarehouseTenants(trx, q.keyword, q)
    return { ...page, list: page.list.map((r) => ({ ...r, tenantId: Number(r.tenantId) })) }
  })
}

/** Platform administrator: turns a tenant's data warehouse on or off (other config keys kept). */
export async function setWarehouse(ctx: AppContext, b: DataWarehouseSetBody): Promise<void> {
  if (b.tenantId === SUPER_ADMIN.tenantId) throw refused(ErrorCode.BAD_REQUEST, DataCentreMsg.PLATFORM)
  await ctx.db.platform(async (trx) => {
    const r = await setWarehouseSwitch(trx, b.tenantId, b.enabled)
    if (!Number(r.numUpdatedRows)) throw notFound(DataCentreMsg.TENANT_NOT_FOUND)
  })
}
