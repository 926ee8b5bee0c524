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
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import { collectedIds, offerable, orgChain, toAppRow, viewerOf, type Viewer } from '../apps/registry.js'

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
  const role = await trx
    .selectFrom('role')
    .select(['user_type', 'org_id', 'code'])
    .where('id', '=', Number(key.slice(5)))
    .executeTakeFirst()
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
    const roles = await trx
      .selectFrom('role')
      .select(['id', 'name', 'user_type'])
      .where('status', '=', 0)
      .where('code', '!=', ADMIN_ROLE_CODE)
      .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', 'in', chain)]))
      .orderBy('id')
      .execute()
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
  const groups = await trx
    .selectFrom('mobile_quick_group')
    .select(['id', 'role_key', 'name', 'sort', 'org_id'])
    .where('org_id', '=', orgId)
    .where('role_key', 'in', keys)
    .orderBy('sort')
    .orderBy('id')
    .execute()
  if (!groups.length) return []
  const links = await appsInView(trx, v)
    .innerJoin('mobile_quick_app as q', (j) =>
      j.onRef('q.tenant_id', '=', 'app.tenant_id').onRef('q.app_id', '=', 'app.id'),
    )
    .select([...APP_COLUMNS, 'q.group_id'])
    .where(
      'q.group_id',
      'in',
      groups.map((g) => g.id),
    )
    .orderBy('q.sort')
    .orderBy('app.sort')
    .execute()
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
  const roles = await trx
    .selectFrom('user_role')
    .select('role_id')
    .where('user_info_id', '=', v.auth.userInfoId)
    .execute()
  const keys = [`ut:${v.userType}`, ...roles.map((r) => `role:${r.role_id}`)]
  // Nearest org first: a school's own entries, else its bureau's.
  for (const orgId of await lineage(trx, v.auth.orgId)) {
    const any = await trx
      .selectFrom('mobile_quick_group')
      .select('id')
      .where('org_id', '=', orgId)
      .where('role_key', 'in', keys)
      .limit(1)
      .executeTakeFirst()
    if (any) return (await groupsOf(trx, v, orgId, keys, (a) => offerable(v, a))).filter((g) => g.appList.length)
  }
  return []
}

async function groupFor(trx: Trx, auth: AuthInfo, id: number) {
  const g = await trx
    .selectFrom('mobile_quick_group')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', auth.orgId)
    .executeTakeFirst()
  if (!g) throw notFound(MobileMsg.QUICK_GROUP_NOT_FOUND)
  return g
}

export function addGroup(ctx: AppContext, auth: AuthInfo, b: { roleKey: string; name: string }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertKey(trx, auth, b.roleKey, 'add')
    const { max } = await trx
      .selectFrom('mobile_quick_group')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('org_id', '=', auth.orgId)
      .where('role_key', '=', b.roleKey)
      .executeTakeFirstOrThrow()
    const { id } = await trx
      .insertInto('mobile_quick_group')
      .values({ org_id: auth.orgId, role_key: b.roleKey, name: b.name, sort: Number(max ?? -1) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordOp(trx, auth, { module: MODULE, action: '新增分组', target: `${b.roleKey} ${b.name}` })
    return Number(id)
  })
}

export function deleteGroup(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, id)
    await assertKey(trx, auth, g.role_key, 'delete')
    await trx.deleteFrom('mobile_quick_group').where('id', '=', g.id).execute()
    await recordOp(trx, auth, { module: MODULE, action: '删除分组', target: `${g.role_key} ${g.name}` })
  })
}

export function addApps(ctx: AppContext, auth: AuthInfo, b: { groupId: number; appIds: number[] }): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await groupFor(trx, auth, b.groupId)
    await assertKey(trx, auth, g.role_key, 'add')
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const apps = await appsInView(trx, v).select(['app.id', 'app.name']).where('app.id', 'in', b.appIds).execute()
    // Another tenant's or org's app answers like a missing one.
    if (apps.length !== new Set(b.appIds).size) throw notFound('应用不存在')
    const { max } = await trx
      .selectFrom('mobile_quick_app')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('group_id', '=', g.id)
      .executeTakeFirstOrThrow()
    const start = Number(max ?? -1) + 1
    await trx
      .insertInto('mobile_quick_app')
      .values(apps.map((a, i) => ({ group_id: g.id, app_id: a.id, sort: start + i })))
      .onConflict((oc) => oc.doNothing())
      .execute()
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
    const r = await trx
      .deleteFrom('mobile_quick_app')
      .where('group_id', '=', g.id)
      .where('app_id', '=', b.appId)
      .executeTakeFirst()
    if (!Number(r.numDeletedRows)) throw notFound('应用不存在')
    await recordOp(trx, auth, { module: MODULE, action: '移除应用', target: `${g.name}：${b.appId}` })
  })
}

/** resetAppList: the org's groups of a key are dropped, so the key inherits its parent org's entries again. */
export function resetKey(ctx: AppContext, auth: AuthInfo, key: string): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertKey(trx, auth, key, 'edit')
    const r = await trx
      .deleteFrom('mobile_quick_group')
      .where('org_id', '=', auth.orgId)
      .where('role_key', '=', key)
      .executeTakeFirst()
    await recordOp(trx, auth, { module: MODULE, action: '重置', target: key, important: true })
    return Number(r.numDeletedRows)
  })
}
