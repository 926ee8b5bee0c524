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
import { assertInScope, isWithin, subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'
import { assertMayActOnMembers, assertMayActOnRole, callerLacks } from '../../platform/escalation.js'
import { codesOfRole, loadGrants } from '../../platform/permissions.js'

/**
 * Roles of the caller's org plus the tenant's built-in roles. Writes touch only the caller's own org's roles;
 * built-in roles are fixed. Grants never exceed the caller's own codes, so no admin can hand out more than
 * they hold (privilege escalation).
 */
function rolesInView(trx: Trx, auth: AuthInfo) {
  return trx
    .selectFrom('role')
    .where((eb) => eb.or([eb('role.org_id', 'is', null), eb('role.org_id', '=', auth.orgId)]))
}

export async function roleFor(trx: Trx, auth: AuthInfo, id: number, forWrite: boolean) {
  const r = await rolesInView(trx, auth).selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) throw notFound(RoleMsg.NOT_FOUND)
  if (forWrite && (r.builtin || r.org_id === null)) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.BUILTIN)
  return r
}

/**
 * Who counts as a role's member for the caller, one definition for the role list's 人员数 and the 关联人员 screen
 * (they disagreed when the count took every org and archived people): live (not archived) memberships of the
 * caller's org and below holding the role themselves. `scope` is subtreeIds(caller's org).
 */
function memberLinks(trx: Trx, scope: number[]) {
  return trx
    .selectFrom('user_role as ur')
    .innerJoin('user_info as mu', (j) =>
      j.onRef('mu.tenant_id', '=', 'ur.tenant_id').onRef('mu.id', '=', 'ur.user_info_id'),
    )
    .where('mu.org_id', 'in', scope)
    .where('mu.archived', '=', false)
}

function rows(trx: Trx, auth: AuthInfo, scope: number[]) {
  return rolesInView(trx, auth).select((eb) => [
    'role.id',
    'role.org_id as orgId',
    'role.code',
    'role.name',
    'role.builtin',
    'role.user_type as userType',
    'role.status',
    memberLinks(trx, scope)
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('ur.role_id', '=', eb.ref('role.id'))
      .as('memberCount'),
    eb
      .selectFrom('role_permission')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('role_permission.role_id', '=', 'role.id')
      .as('permissionCount'),
  ])
}
const fix = <T extends { memberCount: unknown; permissionCount: unknown }>(r: T) => ({
  ...r,
  memberCount: Number(r.memberCount ?? 0),
  permissionCount: Number(r.permissionCount ?? 0),
})

export function pageRoles(ctx: AppContext, auth: AuthInfo, q: RolePageBody): Promise<Page<RoleRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let list = rows(trx, auth, await subtreeIds(trx, auth.orgId))
    if (q.keyword) list = list.where('role.name', 'ilike', `%${q.keyword}%`)
    if (q.userType != null) list = list.where('role.user_type', '=', q.userType)
    const page = await paginate(list.orderBy('role.builtin', 'desc').orderBy('role.id'), list, q)
    return { ...page, list: page.list.map(fix) }
  })
}

export function allRoles(ctx: AppContext, auth: AuthInfo, builtinOnly = false): Promise<RoleRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (
      await rows(trx, auth, await subtreeIds(trx, auth.orgId))
        .$if(builtinOnly, (q) => q.where('role.builtin', '=', true))
        .orderBy('role.builtin', 'desc')
        .orderBy('role.id')
        .execute()
    ).map(fix),
  )
}

export function roleById(ctx: AppContext, auth: AuthInfo, id: number): Promise<RoleRow> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roleFor(trx, auth, id, false)
    return fix(
      await rows(trx, auth, await subtreeIds(trx, auth.orgId))
        .where('role.id', '=', id)
        .executeTakeFirstOrThrow(),
    )
  })
}

async function assertNameFree(trx: Trx, auth: AuthInfo, name: string, exceptId?: number): Promise<void> {
  const clash = await rolesInView(trx, auth)
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst()
  if (clash) throw refused(ErrorCode.CONFLICT, RoleMsg.NAME_TAKEN)
}

export function addRoles(ctx: AppContext, auth: AuthInfo, b: RoleAddBatchBody): Promise<number[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const names = b.roles.map((r) => r.name)
    if (new Set(names).size !== names.length) throw refused(ErrorCode.CONFLICT, RoleMsg.NAME_TAKEN)
    for (const n of names) await assertNameFree(trx, auth, n)
    const ids = (
      await trx
        .insertInto('role')
        .values(
          b.roles.map((r) => ({
            org_id: auth.orgId,
            code: `r_${randomBytes(6).toString('hex')}`,
            name: r.name,
            builtin: false,
            user_type: r.userType ?? null,
          })),
        )
        .returning('id')
        .execute()
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
  const held = await trx
    .selectFrom('user_role')
    .select('role_id')
    .where('user_info_id', '=', auth.userInfoId)
    .where('role_id', '=', roleId)
    .executeTakeFirst()
  if (held) throw refused(ErrorCode.BAD_REQUEST, RoleMsg.OWN_ROLE)
}

export function updateRole(ctx: AppContext, auth: AuthInfo, b: RoleUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await roleFor(trx, auth, b.id, true)
    await assertMayActOnRole(trx, auth, r)
    if (b.status !== undefined && b.status !== 0) await assertNotOwnRole(trx, auth, r.id)
    await assertNameFree(trx, auth, b.name, b.id)
    await trx
      .updateTable('role')
      .set({ name: b.name, user_type: b.userType ?? null, ...(b.status !== undefined && { status: b.status }) })
      .where('id', '=', b.id)
      .execute()
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
    await trx
      .deleteFrom('role')
      .where(
        'id',
        'in',
        found.map((r) => r.id),
      )
      .execute()
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
  for (const a of await trx
    .selectFrom('app')
    .select(['permission_name', 'app_type'])
    .where('permission_name', 'is not', null)
    .execute()) {
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
    const before = (
      await trx.selectFrom('role_permission').select('permission_code').where('role_id', '=', r.id).execute()
    ).map((p) => p.permission_code)
    const added = next.filter((c) => !before.includes(c))
    const removed = before.filter((c) => !next.includes(c))
    if ([...added, ...removed].some((c) => !own.has(c)))
      throw new AppError(ErrorCode.FORBIDDEN, RoleMsg.BEYOND_OWN, 403)
    if (removed.length)
      await trx
        .deleteFrom('role_permission')
        .where('role_id', '=', r.id)
        .where('permission_code', 'in', removed)
        .execute()
    if (added.length)
      await trx
        .insertInto('role_permission')
        .values(added.map((c) => ({ role_id: r.id, permission_code: c })))
        .execute()
    await recordOp(trx, auth, {
      module: '角色授权',
      action: '授权',
      target: r.name,
      detail: { before, after: next, added, removed },
      important: true,
    })
  })
}

export function memberRows(trx: Trx) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .select([
      'u.id as userInfoId',
      'u.true_name as trueName',
      'a.user_name as userName',
      'u.user_type as userType',
      'u.org_id as orgId',
      'o.name as orgName',
    ])
    .where('u.archived', '=', false)
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
    const members = memberLinks(trx, scope).select('mu.id').where('ur.role_id', '=', q.roleId)
    let list = associated
      ? memberRows(trx).where('u.id', 'in', members)
      : memberRows(trx).where('u.org_id', 'in', scope).where('u.id', 'not in', members)
    if (q.keyword)
      list = list.where((eb) =>
        eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
      )
    return paginate(list.orderBy('u.id'), list, q)
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
    const people = await trx
      .selectFrom('user_info')
      .select(['id', 'account_id', 'org_id', 'true_name'])
      .where('id', 'in', b.userInfoIds)
      .execute()
    for (const id of b.userInfoIds) {
      const p = people.find((x) => x.id === id)
      if (!p || !(await isWithin(trx, auth.orgId, p.org_id))) throw notFound('人员不存在')
    }
    if (add) {
      await trx
        .insertInto('user_role')
        .values(b.userInfoIds.map((id) => ({ user_info_id: id, role_id: r.id })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    } else {
      if (b.userInfoIds.includes(auth.userInfoId) && r.code === ADMIN_ROLE)
        throw refused(ErrorCode.BAD_REQUEST, '不能移除自己的管理员角色')
      // Taking a role away acts on the person: nobody strips someone richer than themselves.
      await assertMayActOnMembers(trx, auth, people, 'membership')
      await trx.deleteFrom('user_role').where('role_id', '=', r.id).where('user_info_id', 'in', b.userInfoIds).execute()
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
    const p = await trx.selectFrom('user_info').select('org_id').where('id', '=', userInfoId).executeTakeFirst()
    if (!p || !(await isWithin(trx, auth.orgId, p.org_id))) throw notFound('人员不存在')
    const grants = await loadGrants(trx, userInfoId)
    const names = await trx
      .selectFrom('user_role')
      .innerJoin('role', (j) =>
        j.onRef('role.tenant_id', '=', 'user_role.tenant_id').onRef('role.id', '=', 'user_role.role_id'),
      )
      .select('role.name')
      .where('user_role.user_info_id', '=', userInfoId)
      .orderBy('role.id')
      .execute()
    // Roles delegated by a parent org (sub/org/user) count too; they are marked so the two are told apart.
    const delegated = await trx
      .selectFrom('role_sub_org_user as m')
      .innerJoin('role', (j) => j.onRef('role.tenant_id', '=', 'm.tenant_id').onRef('role.id', '=', 'm.role_id'))
      .select('role.name')
      .where('m.user_info_id', '=', userInfoId)
      .orderBy('role.id')
      .execute()
    return {
      roles: [...names.map((n) => n.name), ...delegated.map((n) => `${n.name}（上级下放）`)],
      permissions: grants.permissions,
    }
  })
}

/** Roles of the caller's view granting any of the codes (the admin role grants them all). */
export function rolesByPermissions(ctx: AppContext, auth: AuthInfo, q: ByPermissionsBody): Promise<Page<RoleRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let list = rows(trx, auth, await subtreeIds(trx, auth.orgId)).where((eb) =>
      eb.or([
        eb('role.code', '=', ADMIN_ROLE),
        eb.exists(
          eb
            .selectFrom('role_permission')
            .select('role_permission.role_id')
            .whereRef('role_permission.role_id', '=', 'role.id')
            .where('role_permission.permission_code', 'in', q.codes),
        ),
      ]),
    )
    if (q.keyword) list = list.where('role.name', 'ilike', `%${q.keyword}%`)
    const page = await paginate(list.orderBy('role.id'), list, q)
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
    let list = memberRows(trx)
      .where('u.org_id', 'in', scope)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_role as ur')
            .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
            .select('ur.role_id')
            .whereRef('ur.user_info_id', '=', 'u.id')
            .where('r.status', '=', 0)
            .where((e) =>
              e.or([
                e('r.code', '=', ADMIN_ROLE),
                e.exists(
                  e
                    .selectFrom('role_permission as rp')
                    .select('rp.role_id')
                    .whereRef('rp.role_id', '=', 'r.id')
                    .where('rp.permission_code', 'in', q.codes),
                ),
              ]),
            ),
        ),
      )
    if (q.keyword)
      list = list.where((eb) =>
        eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
      )
    return paginate(list.orderBy('u.id'), list, q)
  })
}

/** People of the caller's org and below (userSearch/page: picking people for roles and permission queries). */
export function searchUsers(ctx: AppContext, auth: AuthInfo, q: UserSearchBody): Promise<Page<RoleMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    let list = memberRows(trx).where('u.org_id', 'in', scope)
    if (q.userType != null) list = list.where('u.user_type', '=', q.userType)
    if (q.keyword)
      list = list.where((eb) =>
        eb.or([
          eb('u.true_name', 'ilike', `%${q.keyword}%`),
          eb('a.user_name', 'ilike', `%${q.keyword}%`),
          eb('u.phone', 'ilike', `%${q.keyword}%`),
        ]),
      )
    return paginate(list.orderBy('u.id'), list, q)
  })
}
