import {
  ADMIN_ROLE,
  CATALOGUE_APP_TYPES,
  ErrorCode,
  PermissionAppType,
  RoleMsg,
  TENANT_APP_PERMISSION_ROOT,
  permissionAppTypeOfApp,
  type AssociateAccountBody,
  type AssociatePermissionBody,
  type PermissionNode,
  type PermissionGroup,
  type PermissionTreeQuery,
  type PermissionsOfRoleQuery,
  type ByPermissionsBody,
  type UserSearchBody,
  type RoleAddBatchBody,
  type RoleMemberRow,
  type RolePageBody,
  type RoleRow,
  type RoleUpdateBody,
  type RoleMembersBody,
} from '@zhixiao/shared'
import { randomBytes } from 'node:crypto'
import type { Trx } from '../../db/database.js'
import { knownCodes, tenantCatalogue } from '../../platform/catalogue.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { maskMemberPage } from './member-mask.js'
import { assertInScope, isWithin, subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { assertMayActOnMembers, assertMayActOnRole, callerLacks } from '../../platform/escalation.js'
import { codesOfRole, loadGrants } from '../../platform/permissions.js'
import {
  deleteRolePermissions,
  deleteRolesByIds,
  deleteUserRoles,
  findPersonOrg,
  findRoleInView,
  findRoleRow,
  findUserRole,
  insertRolePermissions,
  insertRoles,
  insertUserRoles,
  listAppPermissionNames,
  listDelegatedRoleNamesOfMember,
  listPeopleByIds,
  listRoleNamesOfMember,
  listRolePermissionCodes,
  listRoleRows,
  pageMembersByPermissions,
  pageRoleMembers,
  pageRoleRows,
  pageRolesByPermissions,
  pageUsers,
  roleNameTaken,
  updateRoleRow,
} from './queries.js'

/**
 * Roles of the caller's org plus the tenant's built-in roles. Writes touch only the caller's own org's roles;
 * built-in roles are fixed. Grants never exceed the caller's own codes, so no admin can hand out more than
 * they hold (privilege escalation).
 */
export async function roleFor(trx: Trx, auth: AuthInfo, id: number, forWrite: boolean) {
  const r = await findRoleInView(trx, auth.orgId, id)
  if (!r) throw notFound(RoleMsg.NOT_FOUND)
  if (forWrite && (r.builtin || r.org_id === null)) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.BUILTIN)
  return r
}

const fix = <T extends { memberCount: unknown; permissionCount: unknown }>(r: T) => ({
  ...r,
  memberCount: Number(r.memberCount ?? 0),
  permissionCount: Number(r.permissionCount ?? 0),
})

export function pageRoles(ctx: AppContext, auth: AuthInfo, q: RolePageBody): Promise<Page<RoleRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageRoleRows(trx, auth.orgId, await subtreeIds(trx, auth.orgId), q)
    return { ...page, list: page.list.map(fix) }
  })
}

export function allRoles(ctx: AppContext, auth: AuthInfo, builtinOnly = false): Promise<RoleRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await listRoleRows(trx, auth.orgId, await subtreeIds(trx, auth.orgId), builtinOnly)).map(fix),
  )
}

export function roleById(ctx: AppContext, auth: AuthInfo, id: number): Promise<RoleRow> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roleFor(trx, auth, id, false)
    return fix(await findRoleRow(trx, auth.orgId, await subtreeIds(trx, auth.orgId), id))
  })
}

async function assertNameFree(trx: Trx, auth: AuthInfo, name: string, exceptId?: number): Promise<void> {
  if (await roleNameTaken(trx, auth.orgId, name, exceptId)) throw refused(ErrorCode.CONFLICT, RoleMsg.NAME_TAKEN)
}

export function addRoles(ctx: AppContext, auth: AuthInfo, b: RoleAddBatchBody): Promise<number[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const names = b.roles.map((r) => r.name)
    if (new Set(names).size !== names.length) throw refused(ErrorCode.CONFLICT, RoleMsg.NAME_TAKEN)
    for (const n of names) await assertNameFree(trx, auth, n)
    const ids = (
      await insertRoles(
        trx,
        b.roles.map((r) => ({
          org_id: auth.orgId,
          code: `r_${randomBytes(6).toString('hex')}`,
          name: r.name,
          builtin: false,
          user_type: r.userType ?? null,
        })),
      )
    ).map((r) => r.id)
    await recordOp(trx, auth, {
      module: '角色授权',
      action: '新增角色',
      target: names.join('、'),
      detail: { after: { roles: names } },
    })
    return ids
  })
}

/** Refuses disabling or deleting a role the caller holds: it may be what lets them manage roles at all. */
async function assertNotOwnRole(trx: Trx, auth: AuthInfo, roleId: number): Promise<void> {
  const held = await findUserRole(trx, auth.userInfoId, roleId)
  if (held) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.OWN_ROLE)
}

export function updateRole(ctx: AppContext, auth: AuthInfo, b: RoleUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await roleFor(trx, auth, b.id, true)
    await assertMayActOnRole(trx, auth, r)
    if (b.status !== undefined && b.status !== 0) await assertNotOwnRole(trx, auth, r.id)
    await assertNameFree(trx, auth, b.name, b.id)
    await updateRoleRow(trx, b.id, {
      name: b.name,
      user_type: b.userType ?? null,
      ...(b.status !== undefined && { status: b.status }),
    })
    await recordOp(trx, auth, {
      module: '角色授权',
      action: '编辑角色',
      target: r.name,
      detail: {
        before: { name: r.name, userType: r.user_type, status: r.status },
        after: { name: b.name, userType: b.userType ?? null, status: b.status ?? r.status },
      },
    })
  })
}

export function deleteRoles(ctx: AppContext, auth: AuthInfo, ids: number[]): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const found = []
    for (const id of new Set(ids)) found.push(await roleFor(trx, auth, id, true))
    for (const r of found) {
      await assertMayActOnRole(trx, auth, r)
      await assertNotOwnRole(trx, auth, r.id)
    }
    await deleteRolesByIds(
      trx,
      found.map((r) => r.id),
    )
    await recordOp(trx, auth, {
      module: '角色授权',
      action: '删除角色',
      target: found.map((r) => r.name).join('、'),
      important: true,
    })
  })
}

/** The catalogue pruned to what the caller holds, flagged and counted with what the role holds (001 §3 permission groups). */
function prune(nodes: PermissionNode[], own: Set<string>, held: Set<string>, roleId: number | null): PermissionGroup[] {
  return nodes.flatMap((n) => {
    const children = prune(n.children ?? [], own, held, roleId)
    if (!own.has(n.code) && !children.length) return []
    const hasPermission = held.has(n.code)
    return [
      {
        name: n.code,
        desc: n.name,
        roleId,
        hasPermission,
        permissionCounts: 1 + children.reduce((sum, c) => sum + c.permissionCounts, 0),
        grantedCounts: (hasPermission ? 1 : 0) + children.reduce((sum, c) => sum + c.grantedCounts, 0),
        children,
      },
    ]
  })
}

/**
 * The top-level catalogue nodes of one permission list (appType 12 / 7 / 3, CATALOGUE_APP_TYPES). The tenant's own
 * codes (机构应用) are split by the appType of the app naming each one; a code no app names is in-org (3).
 */
async function catalogueOf(trx: Trx, appType: PermissionAppType | undefined): Promise<PermissionNode[]> {
  const all = await tenantCatalogue(trx)
  if (appType === undefined) return all
  const typesOf = new Map<string, Set<PermissionAppType>>()
  for (const a of await listAppPermissionNames(trx)) {
    if (a.permission_name)
      typesOf.set(
        a.permission_name,
        (typesOf.get(a.permission_name) ?? new Set()).add(permissionAppTypeOfApp(a.app_type)),
      )
  }
  const inList = (code: string) => (typesOf.get(code) ?? new Set([PermissionAppType.IN_ORG])).has(appType)
  return all.flatMap((n) => {
    if (n.code === TENANT_APP_PERMISSION_ROOT.code) {
      const children = (n.children ?? []).filter((c) => inList(c.code))
      return children.length ? [{ ...n, children }] : []
    }
    return (CATALOGUE_APP_TYPES[n.code] ?? PermissionAppType.IN_ORG) === appType ? [n] : []
  })
}

/**
 * The orgId of a permission call: an org the caller manages (their org or below; another one answers 404 机构不存在,
 * as every org-scoped call does) and, for a role of an org, that org (机构与角色不匹配, code 400). Built-in roles are
 * every org's.
 */
async function assertRoleOrg(
  trx: Trx,
  auth: AuthInfo,
  role: { org_id: number | null } | null,
  orgId: number | undefined,
): Promise<void> {
  if (orgId === undefined) return
  await assertInScope(trx, auth, orgId)
  if (role && role.org_id !== null && role.org_id !== orgId) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.ORG_MISMATCH)
}

export function permissionTree(ctx: AppContext, auth: AuthInfo, q: PermissionTreeQuery): Promise<PermissionGroup[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const role = q.roleId === undefined ? null : await roleFor(trx, auth, q.roleId, false)
    await assertRoleOrg(trx, auth, role, q.orgId)
    const own = new Set((await loadGrants(trx, auth.userInfoId)).permissions)
    const held = new Set(role ? await codesOfRole(trx, role) : [])
    return prune(await catalogueOf(trx, q.appType), own, held, role?.id ?? null)
  })
}

async function roleCodes(trx: Trx, auth: AuthInfo, roleId: number): Promise<string[]> {
  return codesOfRole(trx, await roleFor(trx, auth, roleId, false))
}

/** getPermissionByRoleId: the names (codes) the role holds. */
export function permissionsOfRole(ctx: AppContext, auth: AuthInfo, q: PermissionsOfRoleQuery): Promise<string[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const role = await roleFor(trx, auth, q.roleId, false)
    await assertRoleOrg(trx, auth, role, q.orgId)
    return codesOfRole(trx, role)
  })
}

/**
 * Replaces a role's grant with `names`. Every added or removed code must be one the caller holds: an admin can
 * neither hand out nor take away what is above them. `orgId` must be the role's own org. The change is in effect
 * on the next request (grants are read per request), and the operation log keeps before and after.
 */
export function associatePermissions(ctx: AppContext, auth: AuthInfo, b: AssociatePermissionBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await roleFor(trx, auth, b.roleId, true)
    await assertRoleOrg(trx, auth, r, b.orgId)
    await assertMayActOnRole(trx, auth, r)
    const known = new Set(await knownCodes(trx))
    const next = [...new Set(b.names)]
    if (next.some((c) => !known.has(c))) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.UNKNOWN_CODE)
    const own = new Set((await loadGrants(trx, auth.userInfoId)).permissions)
    const before = (await listRolePermissionCodes(trx, r.id)).map((p) => p.permission_code)
    const added = next.filter((c) => !before.includes(c))
    const removed = before.filter((c) => !next.includes(c))
    if ([...added, ...removed].some((c) => !own.has(c)))
      throw new AppError(ErrorCode.FORBIDDEN, RoleMsg.BEYOND_OWN, 403)
    if (removed.length) await deleteRolePermissions(trx, r.id, removed)
    if (added.length)
      await insertRolePermissions(
        trx,
        added.map((c) => ({ role_id: r.id, permission_code: c })),
      )
    await recordOp(trx, auth, {
      module: '角色授权',
      action: '授权',
      target: r.name,
      detail: { before, after: next, added, removed },
      important: true,
    })
  })
}

/** Members of a role (associated) or people of the caller's org and below who are not (not associated). */
export function roleMembers(
  ctx: AppContext,
  auth: AuthInfo,
  q: RoleMembersBody,
  associated: boolean,
): Promise<Page<RoleMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roleFor(trx, auth, q.roleId, false)
    const scope = await subtreeIds(trx, auth.orgId)
    return maskMemberPage(await pageRoleMembers(trx, scope, q, associated))
  })
}

/** Only an admin may make admins, and nobody may hand out a role holding codes they lack (403). */
export async function assertMayHandOut(trx: Trx, auth: AuthInfo, roleId: number): Promise<void> {
  if (await callerLacks(trx, auth, await roleCodes(trx, auth, roleId)))
    throw new AppError(ErrorCode.FORBIDDEN, RoleMsg.BEYOND_OWN, 403)
}

/** Adds or removes people of the caller's scope to or from a role (built-in roles included: that is how admins are made). */
export function setRoleMembers(ctx: AppContext, auth: AuthInfo, b: AssociateAccountBody, add: boolean): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await roleFor(trx, auth, b.roleId, false)
    await assertMayHandOut(trx, auth, r.id)
    const people = await listPeopleByIds(trx, b.userInfoIds)
    for (const id of b.userInfoIds) {
      const p = people.find((x) => x.id === id)
      if (!p || !(await isWithin(trx, auth.orgId, p.org_id))) throw notFound('人员不存在')
    }
    if (add) {
      await insertUserRoles(
        trx,
        b.userInfoIds.map((id) => ({ user_info_id: id, role_id: r.id })),
      )
    } else {
      if (b.userInfoIds.includes(auth.userInfoId) && r.code === ADMIN_ROLE)
        throw refused(ErrorCode.BAD_REQUEST, '不能移除自己的管理员角色')
      // Taking a role away acts on the person: nobody strips someone richer than themselves.
      await assertMayActOnMembers(trx, auth, people, 'membership')
      await deleteUserRoles(trx, r.id, b.userInfoIds)
    }
    await recordOp(trx, auth, {
      module: '角色授权',
      action: add ? '关联人员' : '取消关联',
      target: `${r.name}：${people.map((p) => p.true_name).join('、')}`,
      important: true,
    })
  })
}

/** A person's codes (用户权限查询), for people of the caller's org and below. */
export function permissionsOfMember(
  ctx: AppContext,
  auth: AuthInfo,
  userInfoId: number,
): Promise<{ roles: string[]; permissions: string[] }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const p = await findPersonOrg(trx, userInfoId)
    if (!p || !(await isWithin(trx, auth.orgId, p.org_id))) throw notFound('人员不存在')
    const grants = await loadGrants(trx, userInfoId)
    const names = await listRoleNamesOfMember(trx, userInfoId)
    // Roles delegated by a parent org (sub/org/user) count too; they are marked so the two are told apart.
    const delegated = await listDelegatedRoleNamesOfMember(trx, userInfoId)
    return {
      roles: [...names.map((n) => n.name), ...delegated.map((n) => `${n.name}（上级下放）`)],
      permissions: grants.permissions,
    }
  })
}

/** Roles of the caller's view granting any of the codes (the admin role grants them all). */
export function rolesByPermissions(ctx: AppContext, auth: AuthInfo, q: ByPermissionsBody): Promise<Page<RoleRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageRolesByPermissions(trx, auth.orgId, await subtreeIds(trx, auth.orgId), q)
    return { ...page, list: page.list.map(fix) }
  })
}

/** People of the caller's org and below holding any of the codes through an enabled role. */
export function membersByPermissions(
  ctx: AppContext,
  auth: AuthInfo,
  q: ByPermissionsBody,
): Promise<Page<RoleMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return maskMemberPage(await pageMembersByPermissions(trx, scope, q))
  })
}

/** People of the caller's org and below (userSearch/page: picking people for roles and permission queries). */
export function searchUsers(ctx: AppContext, auth: AuthInfo, q: UserSearchBody): Promise<Page<RoleMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return maskMemberPage(await pageUsers(trx, scope, q))
  })
}
