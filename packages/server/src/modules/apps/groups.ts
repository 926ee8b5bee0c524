import {
  AppMsg,
  AppType,
  DEFAULT_APP_GROUPS,
  defaultGroupName,
  isMobileAppType,
  type AppGroup,
  type AppGroupListQuery,
  type AppGroupSaveBody,
  type AppGroupUpdateBody,
  type AppLinkBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertScopeWrite, defaultScope, layMobileDefaults, linkFamilyDefaults, scopeAdminCode } from './app-scopes.js'
import {
  claimGroupScope,
  deleteAllGroupLinks,
  deleteGroupLinks,
  deleteGroupRow,
  deleteScopeGroups,
  findAppNamesInView,
  findGroupInOrg,
  insertGroup,
  insertGroupLinks,
  insertGroupScopeIfAbsent,
  listAppsInView,
  listBuiltinAppsOfGrouping,
  listGroups,
  listLinkedAppsInView,
  maxGroupSort,
  maxLinkSort,
  updateGroupRow,
} from './groups-queries.js'
import { collectedIds, offerable, toAppRow, viewerOf, type AppDbRow, type Viewer } from './registry.js'

/**
 * App groups (001 §7.5 mobileAppGroup, mobileAppLink): each org has its own groups per scope (appType 3 school,
 * 10 bureau, 7 public portal). The default groups of 001 §9 are laid out the first time a scope is read, with the
 * built-in apps of their groupingType linked.
 */
const MODULE = '应用管理'
/** The teacher mobile scope (0) links the school's built-in apps like the school PC scope. */
const scopeOf = (appType: number): 's' | 'b' => (appType === AppType.SCHOOL_PC || appType === 0 ? 's' : 'b')
const isFamilyScope = (appType: number): boolean => appType === 1 || appType === 5

async function layDefaults(trx: Trx, orgId: number, appType: number): Promise<void> {
  if (isMobileAppType(appType))
    return layMobileDefaults(trx, orgId, appType, (id, groupingType) => linkDefaults(trx, id, groupingType, appType))
  for (const [i, d] of DEFAULT_APP_GROUPS.entries()) {
    const { id } = await insertGroup(trx, {
      org_id: orgId,
      app_type: appType,
      name: defaultGroupName(d.groupingType, appType),
      grouping_type: d.groupingType,
      sort: i,
    })
    await linkDefaults(trx, id, d.groupingType, appType)
  }
}

/** Links the built-in apps whose groupingType and scope match (the group's reset state). */
async function linkDefaults(trx: Trx, groupId: number, groupingType: number, appType: number): Promise<void> {
  if (isFamilyScope(appType)) return linkFamilyDefaults(trx, groupId, appType)
  const apps = await listBuiltinAppsOfGrouping(trx, groupingType, scopeOf(appType))
  if (apps.length)
    await insertGroupLinks(
      trx,
      apps.map((a, i) => ({ group_id: groupId, app_id: a.id, sort: i })),
    )
}

async function ensureScope(trx: Trx, orgId: number, appType: number): Promise<void> {
  const claimed = await claimGroupScope(trx, orgId, appType)
  if (claimed) {
    await layDefaults(trx, orgId, appType)
  }
}

/**
 * getAppGroupList: the org's groups of a scope with their apps. filter '1' keeps what the user is offered
 * (registry offerable); only app managers may ask for every app (the group admin screen), anyone else always
 * gets the filtered list.
 */
export function groupList(ctx: AppContext, auth: AuthInfo, q: AppGroupListQuery): Promise<AppGroup[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await ensureScope(trx, auth.orgId, q.appType)
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const filter = q.filter === '1' || !v.permissions.has(scopeAdminCode(q.appType))
    const keep = (a: AppDbRow) => !filter || offerable(v, a)
    const collected = await collectedIds(trx, auth.userInfoId)
    const groups = await listGroups(trx, auth.orgId, q.appType)
    const links = groups.length
      ? await listLinkedAppsInView(
          trx,
          v,
          groups.map((g) => g.id),
        )
      : []
    const out: AppGroup[] = groups.map((g) => ({
      id: g.id,
      name: g.name,
      groupName: g.name,
      appType: g.app_type,
      groupingType: g.grouping_type,
      sort: g.sort,
      appList: links.filter((l) => Number(l.group_id) === g.id && keep(l)).map((l) => toAppRow(l, v.today, collected)),
    }))
    if (q.showDefaultGroup === 'true') {
      const linked = new Set(links.map((l) => l.id))
      const rest = (await listAppsInView(trx, v)).filter(
        (a) => !linked.has(a.id) && a.scopes.includes(scopeOf(q.appType)) && keep(a),
      )
      if (rest.length)
        out.push({
          id: 0,
          name: '其他应用',
          groupName: '其他应用',
          appType: q.appType,
          groupingType: null,
          sort: 9999,
          appList: rest.map((a) => toAppRow(a, v.today, collected)),
        })
    }
    return out
  })
}

async function groupFor(trx: Trx, auth: AuthInfo, id: number) {
  const g = await findGroupInOrg(trx, auth.orgId, id)
  if (!g) throw notFound(AppMsg.GROUP_NOT_FOUND)
  return g
}

export function saveGroup(ctx: AppContext, auth: AuthInfo, b: AppGroupSaveBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertScopeWrite(trx, auth, b.appType, 'add')
    await ensureScope(trx, auth.orgId, b.appType)
    const { max } = await maxGroupSort(trx, auth.orgId, b.appType)
    const { id } = await insertGroup(trx, {
      org_id: auth.orgId,
      app_type: b.appType,
      name: b.name,
      grouping_type: null,
      sort: b.sort ?? Number(max ?? -1) + 1,
    })
    await recordOp(trx, auth, { module: MODULE, action: '新增应用分组', target: b.name })
    return id
  })
}

export function updateGroup(ctx: AppContext, auth: AuthInfo, b: AppGroupUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, b.id)
    await assertScopeWrite(trx, auth, g.app_type, 'edit')
    await updateGroupRow(trx, g.id, { name: b.name, ...(b.sort !== undefined && { sort: b.sort }) })
    await recordOp(trx, auth, {
      module: MODULE,
      action: '编辑应用分组',
      target: b.name,
      detail: { before: { name: g.name, sort: g.sort }, after: { name: b.name, sort: b.sort ?? g.sort } },
    })
  })
}

export function deleteGroup(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, id)
    await assertScopeWrite(trx, auth, g.app_type, 'delete')
    await deleteGroupRow(trx, g.id)
    await recordOp(trx, auth, { module: MODULE, action: '删除应用分组', target: g.name })
  })
}

/** resetAppGroupList: the scope's groups go back to the defaults with their default links. */
export function resetGroups(ctx: AppContext, auth: AuthInfo, asked?: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const appType = asked ?? (await defaultScope(trx, auth))
    await assertScopeWrite(trx, auth, appType, 'edit')
    await deleteScopeGroups(trx, auth.orgId, appType)
    await insertGroupScopeIfAbsent(trx, auth.orgId, appType)
    await layDefaults(trx, auth.orgId, appType)
    await recordOp(trx, auth, { module: MODULE, action: '重置应用分组', target: String(appType), important: true })
  })
}

/** Apps named in a link call must be in the caller's view (another tenant's or org's id answers not found). */
async function appsFor(trx: Trx, v: Viewer, ids: number[]) {
  const found = await findAppNamesInView(trx, v, ids)
  if (found.length !== new Set(ids).size) throw notFound(AppMsg.NOT_FOUND)
  return found
}

export function linkApps(ctx: AppContext, auth: AuthInfo, b: AppLinkBody, add: boolean): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, b.groupId)
    await assertScopeWrite(trx, auth, g.app_type, 'edit')
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const apps = await appsFor(trx, v, b.appIds)
    if (add) {
      const { max } = await maxLinkSort(trx, g.id)
      const start = Number(max ?? -1) + 1
      await insertGroupLinks(
        trx,
        apps.map((a, i) => ({ group_id: g.id, app_id: a.id, sort: start + i })),
      )
    } else {
      await deleteGroupLinks(
        trx,
        g.id,
        apps.map((a) => a.id),
      )
    }
    await recordOp(trx, auth, {
      module: MODULE,
      action: add ? '添加应用到分组' : '从分组移除应用',
      target: `${g.name}：${apps.map((a) => a.name).join('、')}`,
    })
  })
}

/** resetAppLinkList: a default group gets back its built-in apps; a group of the admin's own is emptied. */
export function resetLinks(ctx: AppContext, auth: AuthInfo, groupId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, groupId)
    await assertScopeWrite(trx, auth, g.app_type, 'edit')
    await deleteAllGroupLinks(trx, g.id)
    if (g.grouping_type !== null) await linkDefaults(trx, g.id, g.grouping_type, g.app_type)
    await recordOp(trx, auth, { module: MODULE, action: '重置分组应用', target: g.name })
  })
}
