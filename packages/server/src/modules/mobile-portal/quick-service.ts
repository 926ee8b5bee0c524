import {
  MobileMsg,
  MOBILE_BUTTONS,
  UserType,
  USER_TYPE_LABEL,
  type MobileAction,
  type QuickGroup,
  type QuickRoleRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertPermission } from '../../platform/permissions.js'
import { lineage } from '../portal-config/named-config.js'
import { collectedIds, offerable, orgChain, toAppRow, viewerOf, type Viewer } from '../apps/registry.js'
import {
  anyGroup,
  deleteGroupApp,
  deleteGroupRow,
  deleteKeyGroups,
  findOrgGroup,
  findRole,
  insertGroup,
  insertGroupApps,
  listChainRoles,
  listGroupApps,
  listGroups,
  listRoleIdsOf,
  listViewAppsIn,
  maxAppSort,
  maxGroupSort,
} from './queries.js'

/**
 * Quick entries of the mobile home (/base/mobileHomeQuick, docs/mobile-portal.md "Mobile portal"): groups of apps per org
 * and role key, a user type (`ut:1002`) or a role (`role:12`). Keys of staff and staff roles are kept by
 * /menhu-teacher (sc_menhu_mobile_t_*), parent and student keys by /menhu-parent (sc_menhu_mobile_p_*).
 */
const MODULE = '移动端快捷入口'
const ADMIN_ROLE_CODE = 'admin'

type Side = 'teacher' | 'family'

/** Which group keeps a key, or 404 when the key names no role the caller's org sees. */
async function sideOf(trx: Trx, auth: AuthInfo, key: string): Promise<Side> {
  if (key.startsWith('ut:')) return Number(key.slice(3)) === UserType.STAFF ? 'teacher' : 'family'
  const role = await findRole(trx, Number(key.slice(5)))
  const chain = await orgChain(trx, auth.orgId)
  if (!role || role.code === ADMIN_ROLE_CODE || (role.org_id !== null && !chain.includes(Number(role.org_id))))
    throw notFound(MobileMsg.ROLE_KEY_INVALID)
  return sideOfUserType(role.user_type)
}

/** Roles for students or parents are kept by /menhu-parent; staff roles and roles for anyone by /menhu-teacher. */
const sideOfUserType = (userType: number | null): Side =>
  userType === UserType.STUDENT || userType === UserType.PARENT ? 'family' : 'teacher'

async function assertKey(trx: Trx, auth: AuthInfo, key: string, action: MobileAction | 'read'): Promise<void> {
  const side = await sideOf(trx, auth, key)
  const code =
    action === 'read' ? (side === 'teacher' ? 'sc_menhu_mobile_t' : 'sc_menhu_mobile_p') : MOBILE_BUTTONS[side][action]
  await assertPermission(trx, auth.userInfoId, code)
}

/** getRoleList: the user types, then the roles of the tenant the caller's org sees (the admin role needs no entries). */
export function roleList(ctx: AppContext, auth: AuthInfo): Promise<QuickRoleRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const chain = await orgChain(trx, auth.orgId)
    const roles = await listChainRoles(trx, chain, ADMIN_ROLE_CODE)
    return [
      ...[UserType.STAFF, UserType.PARENT, UserType.STUDENT].map((t): QuickRoleRow => ({
        roleKey: `ut:${t}`,
        roleName: `全部${USER_TYPE_LABEL[t]}`,
        kind: 'userType',
        side: t === UserType.STAFF ? 'teacher' : 'family',
      })),
      ...roles.map((r): QuickRoleRow => ({
        roleKey: `role:${r.id}`,
        roleName: r.name,
        kind: 'role',
        side: sideOfUserType(r.user_type),
      })),
    ]
  })
}

/** Groups of an org for some keys, with their apps; keep filters the apps (the user's offer), none for the admin screen. */
async function groupsOf(
  trx: Trx,
  v: Viewer,
  orgId: number,
  keys: string[],
  keep: (a: Parameters<typeof offerable>[1]) => boolean,
): Promise<QuickGroup[]> {
  const groups = await listGroups(trx, orgId, keys)
  if (!groups.length) return []
  const links = await listGroupApps(
    trx,
    v,
    groups.map((g) => g.id),
  )
  const collected = await collectedIds(trx, v.auth.userInfoId)
  return groups.map((g) => ({
    id: Number(g.id),
    roleKey: g.role_key,
    name: g.name,
    sort: g.sort,
    orgId: Number(g.org_id),
    appList: links
      .filter((l) => Number(l.group_id) === Number(g.id) && keep(l))
      .map((l) => toAppRow(l, v.today, collected)),
  }))
}

/** getAppList: the caller's org's groups of one key, every app in them (the admin screen). */
export function appList(ctx: AppContext, auth: AuthInfo, key: string): Promise<QuickGroup[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertKey(trx, auth, key, 'read')
    const v = await viewerOf(trx, auth, ctx.clock.now())
    return groupsOf(trx, v, auth.orgId, [key], () => true)
  })
}

/**
 * The quick entries a user sees: the groups of their user type and roles in the nearest org (theirs, then up the
 * chain) that set any, holding only apps the user is offered (registry rules); empty groups are left out.
 */
export async function quickFor(trx: Trx, v: Viewer): Promise<QuickGroup[]> {
  const roles = await listRoleIdsOf(trx, v.auth.userInfoId)
  const keys = [`ut:${v.userType}`, ...roles.map((r) => `role:${r.role_id}`)]
  // Nearest org first: a school's own entries, else its bureau's.
  for (const orgId of await lineage(trx, v.auth.orgId)) {
    const any = await anyGroup(trx, orgId, keys)
    if (any) return (await groupsOf(trx, v, orgId, keys, (a) => offerable(v, a))).filter((g) => g.appList.length)
  }
  return []
}

async function groupFor(trx: Trx, auth: AuthInfo, id: number) {
  const g = await findOrgGroup(trx, auth.orgId, id)
  if (!g) throw notFound(MobileMsg.QUICK_GROUP_NOT_FOUND)
  return g
}

export function addGroup(ctx: AppContext, auth: AuthInfo, b: { roleKey: string; name: string }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertKey(trx, auth, b.roleKey, 'add')
    const { max } = await maxGroupSort(trx, auth.orgId, b.roleKey)
    const id = await insertGroup(trx, {
      org_id: auth.orgId,
      role_key: b.roleKey,
      name: b.name,
      sort: Number(max ?? -1) + 1,
    })
    await recordOp(trx, auth, { module: MODULE, action: '新增分组', target: `${b.roleKey} ${b.name}` })
    return Number(id)
  })
}

export function deleteGroup(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, id)
    await assertKey(trx, auth, g.role_key, 'delete')
    await deleteGroupRow(trx, g.id)
    await recordOp(trx, auth, { module: MODULE, action: '删除分组', target: `${g.role_key} ${g.name}` })
  })
}

export function addApps(ctx: AppContext, auth: AuthInfo, b: { groupId: number; appIds: number[] }): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, b.groupId)
    await assertKey(trx, auth, g.role_key, 'add')
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const apps = await listViewAppsIn(trx, v, b.appIds)
    // Another tenant's or org's app answers like a missing one.
    if (apps.length !== new Set(b.appIds).size) throw notFound('应用不存在')
    const { max } = await maxAppSort(trx, g.id)
    const start = Number(max ?? -1) + 1
    await insertGroupApps(
      trx,
      apps.map((a, i) => ({ group_id: g.id, app_id: a.id, sort: start + i })),
    )
    await recordOp(trx, auth, {
      module: MODULE,
      action: '添加应用',
      target: `${g.name}：${apps.map((a) => a.name).join('、')}`,
    })
  })
}

export function deleteApp(ctx: AppContext, auth: AuthInfo, b: { groupId: number; appId: number }): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, b.groupId)
    await assertKey(trx, auth, g.role_key, 'delete')
    if (!Number(await deleteGroupApp(trx, g.id, b.appId))) throw notFound('应用不存在')
    await recordOp(trx, auth, { module: MODULE, action: '移除应用', target: `${g.name}：${b.appId}` })
  })
}

/** resetAppList: the org's groups of a key are dropped, so the key inherits its parent org's entries again. */
export function resetKey(ctx: AppContext, auth: AuthInfo, key: string): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertKey(trx, auth, key, 'edit')
    const deleted = await deleteKeyGroups(trx, auth.orgId, key)
    await recordOp(trx, auth, { module: MODULE, action: '重置', target: key, important: true })
    return Number(deleted)
  })
}
