import {
  APP_USER_TYPES,
  AppMsg,
  ErrorCode,
  TENANT_APP_PERMISSION_ROOT,
  type AppPageBody,
  type AppRow,
  type AppSaveBody,
  type AppUpdateBody,
} from '@zhixiao/shared'
import { randomBytes } from 'node:crypto'
import type { Trx } from '../../db/database.js'
import { knownCodes } from '../../platform/catalogue.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { isWithin, subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import {
  countBuiltinApps,
  countTenantPermissions,
  deleteAppRow,
  findAdminApp,
  findOrgParent,
  insertApp,
  insertTenantPermission,
  insertTenantPermissionIfAbsent,
  pageAdminApps,
  updateAppRow,
} from './app-admin-queries.js'
import { collectedIds, syncBuiltinApps, toAppRow, viewerOf, type AppDbRow, type Viewer } from './registry.js'

/**
 * App management (sc_menhu_app_mgr): listing the registry, registering apps, editing them. A registered app
 * belongs to the registering org (its subtree sees it); built-in apps are tenant-wide, so only the top org's
 * admins change their settings, and only the settings (entry, icon, open way, scrap, expiry, show, user types).
 * The list shows every app, also those that open nothing yet (AppRow.missing: 未配置 and what is missing).
 */
const MODULE = '应用管理'

/** What an admin manages: built-in apps, apps of their org and above (read-only above) and of their subtree. */
async function adminScope(trx: Trx, v: Viewer): Promise<number[]> {
  return [...new Set([...v.orgChain, ...(await subtreeIds(trx, v.auth.orgId))])]
}

/** Registered apps first (newest first), then the built-in ones in their list order. */
export function pageApps(ctx: AppContext, auth: AuthInfo, q: AppPageBody): Promise<Page<AppRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const page = await pageAdminApps(trx, v, await adminScope(trx, v), q)
    const collected = await collectedIds(trx, auth.userInfoId)
    return { ...page, list: page.list.map((a) => toAppRow(a, v.today, collected)) }
  })
}

/**
 * A permission name the catalogue lacks becomes a tenant code under 机构应用 (root created on first use), so the
 * role tree offers it and associatedPermission accepts it. Naming an existing code widens nobody's access: the
 * app is then shown to that code's holders only; a new code is held by nobody but admins until a role grants it.
 */
async function registerPermission(trx: Trx, code: string, appName: string): Promise<boolean> {
  if ((await knownCodes(trx)).includes(code)) return false
  await insertTenantPermissionIfAbsent(trx, {
    code: TENANT_APP_PERMISSION_ROOT.code,
    name: TENANT_APP_PERMISSION_ROOT.name,
    kind: 'app',
    parent_code: null,
    sort: 0,
  })
  if (code === TENANT_APP_PERMISSION_ROOT.code) return true
  const { n } = await countTenantPermissions(trx)
  await insertTenantPermission(trx, {
    code,
    name: appName,
    kind: 'page',
    parent_code: TENANT_APP_PERMISSION_ROOT.code,
    sort: Number(n),
  })
  return true
}

const blank = (s: string | null | undefined): string | null => (s ? s : null)
/** The user-type list as stored: each type once, in order. */
const typesJson = (types: readonly number[]): string => JSON.stringify([...new Set(types)].sort())

export function saveApp(ctx: AppContext, auth: AuthInfo, b: AppSaveBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const uniqueId = blank(b.uniqueId) ?? `app_${randomBytes(6).toString('hex')}`
    const permissionName = blank(b.permissionName)
    const added = permissionName ? await registerPermission(trx, permissionName, b.name) : false
    try {
      const { id } = await insertApp(trx, {
        org_id: auth.orgId,
        unique_id: uniqueId,
        name: b.name,
        icon_uri: blank(b.iconUri),
        req_uri: blank(b.reqUri),
        entry_url: blank(b.entryUrl),
        permission_name: permissionName,
        app_type: b.appType,
        open_way: b.openWay,
        is_scrap: b.isScrap,
        expire_date: blank(b.expireDate),
        has_show: b.hasShow,
        is_new_app: b.isNewApp,
        grouping_type: b.groupingType ?? null,
        builtin: false,
        scopes: 'sb',
        sort: 1000,
        user_types: typesJson(b.userTypes ?? APP_USER_TYPES),
      })
      await recordOp(trx, auth, {
        module: MODULE,
        action: '注册应用',
        target: b.name,
        detail: { after: { ...b, uniqueId }, permissionAdded: added },
      })
      return id
    } catch (e) {
      return rethrowUnique(e, { app_tenant_id_unique_id_key: AppMsg.UNIQUE_TAKEN }, AppMsg.UNIQUE_TAKEN)
    }
  })
}

/** The app a write is about: in the caller's view, and the caller's to change (see the module comment). */
async function writableApp(trx: Trx, ctx: AppContext, auth: AuthInfo, appId: number): Promise<AppDbRow> {
  const v = await viewerOf(trx, auth, ctx.clock.now())
  const a = await findAdminApp(trx, v, await adminScope(trx, v), appId)
  if (!a) throw notFound(AppMsg.NOT_FOUND)
  if (a.org_id === null) {
    const org = await findOrgParent(trx, auth.orgId)
    if (!org || org.parent_id !== null) throw new AppError(ErrorCode.FORBIDDEN, '内置应用仅顶级机构的管理员可设置', 403)
  } else if (!(await isWithin(trx, auth.orgId, a.org_id))) {
    throw new AppError(ErrorCode.FORBIDDEN, '只能修改本机构注册的应用', 403)
  }
  return a
}

export function updateApp(ctx: AppContext, auth: AuthInfo, b: AppUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const a = await writableApp(trx, ctx, auth, b.appId)
    const settings = {
      icon_uri: blank(b.iconUri),
      entry_url: blank(b.entryUrl),
      open_way: b.openWay,
      is_scrap: b.isScrap,
      expire_date: blank(b.expireDate),
      has_show: b.hasShow,
      is_new_app: b.isNewApp,
      ...(b.userTypes && { user_types: typesJson(b.userTypes) }),
    }
    if (a.builtin) {
      await updateAppRow(trx, a.id, settings)
    } else {
      const permissionName = blank(b.permissionName)
      if (permissionName && permissionName !== a.permission_name) await registerPermission(trx, permissionName, b.name)
      try {
        await updateAppRow(trx, a.id, {
          ...settings,
          name: b.name,
          req_uri: blank(b.reqUri),
          permission_name: permissionName,
          app_type: b.appType,
          grouping_type: b.groupingType ?? null,
          ...(blank(b.uniqueId) && { unique_id: b.uniqueId as string }),
        })
      } catch (e) {
        rethrowUnique(e, { app_tenant_id_unique_id_key: AppMsg.UNIQUE_TAKEN }, AppMsg.UNIQUE_TAKEN)
      }
    }
    await recordOp(trx, auth, { module: MODULE, action: '编辑应用', target: a.name, detail: { before: a, after: b } })
  })
}

export function deleteApp(ctx: AppContext, auth: AuthInfo, appId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const a = await writableApp(trx, ctx, auth, appId)
    if (a.builtin) throw refused(ErrorCode.BAD_REQUEST, AppMsg.BUILTIN)
    await deleteAppRow(trx, a.id)
    await recordOp(trx, auth, { module: MODULE, action: '删除应用', target: a.name, important: true })
  })
}

/** refreshInternalApp: the built-in apps follow the shared list again; answers how many there are. */
export function refreshInternal(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await syncBuiltinApps(trx)
    const { n } = await countBuiltinApps(trx)
    await recordOp(trx, auth, { module: MODULE, action: '刷新内置应用', target: String(n) })
    return Number(n)
  })
}
