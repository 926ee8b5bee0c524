import {
  APP_USER_TYPES,
  appTargetMissing,
  AppType,
  BUILTIN_APPS,
  OpenWay,
  type AppRow,
  type UserType,
} from '@zhixiao/shared'
import type { Kysely } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import type { AuthInfo } from '../../platform/context.js'
import { isSuperAdminGrant, loadGrants } from '../../platform/permissions.js'
import {
  findAccountUserName,
  findMemberUserType,
  listOftenUseAppIds,
  listTenantIds,
  selectOrgChain,
  upsertBuiltinApps,
} from './registry-queries.js'

/**
 * The app registry of a tenant (docs/apps.md): built-in apps come from the shared BUILTIN_APPS list,
 * registered apps from the tenant's admins. Everything here runs inside the tenant's transaction.
 */

/** Brings the tenant's built-in rows in line with the shared list. Admin settings (entry, icon, scrap, expiry,
 * show, open way, user types) are kept; the definition (name, route, permission, group) follows the list. The
 * default user types fill only a row that has none yet (a new app, or one from before the column existed). */
export async function syncBuiltinApps(trx: Trx | Kysely<Database>): Promise<void> {
  const rows = BUILTIN_APPS.map((b, i) => ({
    unique_id: b.uniqueId,
    name: b.name,
    req_uri: b.reqUri,
    permission_name: b.permissionName,
    grouping_type: b.groupingType,
    scopes: b.scopes,
    admin_only: b.adminOnly ?? false,
    builtin: true,
    app_type: AppType.SCHOOL_PC,
    open_way: b.openWay ?? OpenWay.SAME,
    entry_url: b.entryUrl ?? null,
    icon_uri: null,
    sort: i,
    user_types: JSON.stringify(b.userTypes),
  }))
  await upsertBuiltinApps(trx, rows)
}

/** At start: every existing tenant's built-in apps follow the current list (like syncPermissionCatalogue). */
export async function syncBuiltinAppsAllTenants(db: {
  platform<T>(fn: (trx: Trx) => Promise<T>): Promise<T>
  tenant<T>(id: number, fn: (trx: Trx) => Promise<T>): Promise<T>
}): Promise<void> {
  const tenants = await db.platform((trx) => listTenantIds(trx))
  for (const t of tenants) await db.tenant(t.id, (trx) => syncBuiltinApps(trx))
}

/** Who is asking, as far as app visibility goes. */
export interface Viewer {
  auth: AuthInfo
  permissions: Set<string>
  superAdmin: boolean
  orgChain: number[]
  today: string
  /** The membership's user type (1002 staff, 1003 student, 1004 parent). */
  userType: number
}

export async function viewerOf(trx: Trx, auth: AuthInfo, now: Date): Promise<Viewer> {
  const grants = await loadGrants(trx, auth.userInfoId)
  const acc = await findAccountUserName(trx, auth.accountId)
  const member = await findMemberUserType(trx, auth.userInfoId)
  return {
    auth,
    permissions: new Set(grants.permissions),
    orgChain: await orgChain(trx, auth.orgId),
    today: todayOf(now),
    userType: member.user_type,
    superAdmin: !!acc && isSuperAdminGrant(auth.tenantId, auth.orgId, acc.user_name, grants.roles),
  }
}

/** The org and its ancestors: registered apps are seen in the registering org's subtree. */
export async function orgChain(trx: Trx, orgId: number): Promise<number[]> {
  const rows = await selectOrgChain(trx, orgId)
  return rows.map((r) => Number(r.id))
}

/** Calendar day in China time: an expiry date ends at that day's midnight there. */
export function todayOf(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

export interface AppDbRow {
  id: number
  org_id: number | null
  unique_id: string
  name: string
  icon_uri: string | null
  req_uri: string | null
  entry_url: string | null
  permission_name: string | null
  app_type: number
  open_way: number
  is_new_app: boolean
  is_scrap: boolean
  expire_date: string | null
  has_show: boolean
  grouping_type: number | null
  builtin: boolean
  admin_only: boolean
  scopes: string
  sort: number
  user_types: UserType[] | null
  protocol: string | null
}

/** The user types an app is for; a row never set is for every type. */
export const userTypesOf = (a: Pick<AppDbRow, 'user_types'>): readonly UserType[] => a.user_types ?? APP_USER_TYPES
const isFor = (a: Pick<AppDbRow, 'user_types'>, userType: number): boolean => userTypesOf(a).some((t) => t === userType)

/**
 * May this viewer open the app (001 §5, §6): admin-only apps for the platform admin, else the app must be for the
 * viewer's user type and its permission name (if any) held.
 */
export function mayOpen(v: Viewer, a: Pick<AppDbRow, 'admin_only' | 'permission_name' | 'user_types'>): boolean {
  if (a.admin_only) return v.superAdmin
  if (!isFor(a, v.userType)) return false
  return !a.permission_name || v.permissions.has(a.permission_name)
}

/**
 * The one rule of what a user is offered (header tabs and menus, launcher, 常用, homes, fallback list), or why not:
 * 'hidden' (not shown, or a permission the viewer lacks: answered like a missing app), 'userType' (not for the
 * viewer's user type), 'unconfigured' (opens nothing yet, appTargetMissing). Scrapped and expired apps stay
 * offered, so a click gives the spec's reason (此应用已废弃 / 此应用已过期).
 */
export function notOffered(v: Viewer, a: AppDbRow): 'hidden' | 'userType' | 'unconfigured' | null {
  if (!a.has_show || (a.admin_only && !v.superAdmin)) return 'hidden'
  if (!a.admin_only && !isFor(a, v.userType)) return 'userType'
  if (!mayOpen(v, a)) return 'hidden'
  if (appTargetMissing({ reqUri: a.req_uri, entryUrl: a.entry_url })) return 'unconfigured'
  return null
}
export const offerable = (v: Viewer, a: AppDbRow): boolean => notOffered(v, a) === null

export function toAppRow(a: AppDbRow, today: string, collected: Set<number>): AppRow {
  return {
    appId: a.id,
    uniqueId: a.unique_id,
    name: a.name,
    iconUri: a.icon_uri,
    reqUri: a.req_uri,
    entryUrl: a.entry_url,
    permissionName: a.permission_name,
    appType: a.app_type,
    openWay: a.open_way,
    hasCollect: collected.has(a.id),
    isNewApp: a.is_new_app,
    isScrap: a.is_scrap,
    hasExpire: !!a.expire_date && a.expire_date < today,
    expireDate: a.expire_date,
    hasShow: a.has_show,
    groupingType: a.grouping_type,
    builtin: a.builtin,
    sort: a.sort,
    userTypes: [...userTypesOf(a)],
    missing: appTargetMissing({ reqUri: a.req_uri, entryUrl: a.entry_url }),
    protocol: a.protocol,
  }
}

export async function collectedIds(trx: Trx, userInfoId: number): Promise<Set<number>> {
  const rows = await listOftenUseAppIds(trx, userInfoId)
  return new Set(rows.map((r) => Number(r.app_id)))
}
