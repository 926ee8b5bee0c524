import {
  ErrorCode,
  SubOrgMsg,
  type RoleMemberRow,
  type SubOrgAssociateBody,
  type SubOrgPageBody,
  type SubOrgPermission,
  type SubOrgRow,
  type SubOrgUserBody,
  type SubOrgUserPageBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { maskMemberPage } from './member-mask.js'
import { subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { assertMayHandOut, roleFor } from './service.js'
import {
  deleteRoleSubOrgs,
  deleteRoleSubOrgUsers,
  deleteRoleSubOrgUsersInOrgs,
  findRoleSubOrg,
  insertRoleSubOrgs,
  insertRoleSubOrgUsers,
  listAssociatedOrgNames,
  listDelegatedGrantsOfAccount,
  listDelegatedNames,
  listOrgNames,
  listOrgPeopleByIds,
  listOrgsAmong,
  pageSubOrgMembers,
  pageSubOrgRows,
} from './sub-org-queries.js'

/**
 * Sub-organisation associations (docs/roles.md): the caller's org delegates one of its own roles to orgs of its
 * tree below it, then to people of those orgs. Built-in (tenant) roles are never delegated; a role richer than the
 * caller is never handed out (the associatedAccount guard). Every change is logged with before and after.
 */
const MODULE = '角色授权'

/** A role of the caller's own org (not built-in): the only kind that can be delegated. */
async function delegable(trx: Trx, auth: AuthInfo, roleId: number) {
  const r = await roleFor(trx, auth, roleId, false)
  if (r.builtin || r.org_id !== auth.orgId) throw refused(ErrorCode.BAD_REQUEST, SubOrgMsg.NOT_DELEGABLE)
  return r
}

/** Orgs strictly below the caller's (departments are part of their school, not sub-orgs). */
async function subOrgIds(trx: Trx, auth: AuthInfo): Promise<number[]> {
  const ids = (await subtreeIds(trx, auth.orgId)).filter((id) => id !== auth.orgId)
  if (!ids.length) return []
  return (await listOrgsAmong(trx, ids)).map((o) => o.id)
}

/** The named orgs, each in the caller's sub-org set; anything else answers 404 like a missing org. */
async function subOrgs(trx: Trx, auth: AuthInfo, orgIds: number[]) {
  const allowed = new Set(await subOrgIds(trx, auth))
  const wanted = [...new Set(orgIds)]
  if (wanted.some((id) => !allowed.has(id))) throw notFound(SubOrgMsg.ORG_NOT_FOUND)
  return listOrgNames(trx, wanted)
}

async function associatedOrgNames(trx: Trx, roleId: number): Promise<string[]> {
  return (await listAssociatedOrgNames(trx, roleId)).map((o) => o.name)
}

/** An associated sub-org of the role (for the people calls). */
async function associatedOrg(trx: Trx, auth: AuthInfo, roleId: number, orgId: number) {
  const [org] = await subOrgs(trx, auth, [orgId])
  const link = await findRoleSubOrg(trx, roleId, orgId)
  if (!link) throw refused(ErrorCode.BAD_REQUEST, SubOrgMsg.NOT_ASSOCIATED)
  return org!
}

export function pageSubOrgs(ctx: AppContext, auth: AuthInfo, q: SubOrgPageBody): Promise<Page<SubOrgRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await delegable(trx, auth, q.roleId)
    const ids = await subOrgIds(trx, auth)
    if (!ids.length) return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize }
    const page = await pageSubOrgRows(trx, ids, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        ...r,
        associated: Boolean(r.associated),
        memberCount: Number(r.memberCount ?? 0),
      })),
    }
  })
}

/** Associates sub-orgs with the role (add) or drops them together with the role's people there (remove). */
export function setSubOrgs(ctx: AppContext, auth: AuthInfo, b: SubOrgAssociateBody, add: boolean): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await delegable(trx, auth, b.roleId)
    await assertMayHandOut(trx, auth, r.id)
    const orgs = await subOrgs(trx, auth, b.orgIds)
    const ids = orgs.map((o) => o.id)
    const before = await associatedOrgNames(trx, r.id)
    let removedMembers = 0
    if (add) {
      await insertRoleSubOrgs(
        trx,
        ids.map((org_id) => ({ role_id: r.id, org_id, created_by: auth.userInfoId })),
      )
    } else {
      removedMembers = (await deleteRoleSubOrgUsersInOrgs(trx, r.id, ids)).length
      await deleteRoleSubOrgs(trx, r.id, ids)
    }
    const after = await associatedOrgNames(trx, r.id)
    await recordOp(trx, auth, {
      module: MODULE,
      action: add ? '关联下级机构' : '取消关联下级机构',
      target: `${r.name}：${orgs.map((o) => o.name).join('、')}`,
      detail: { before, after, ...(add ? {} : { removedMembers }) },
      important: true,
    })
  })
}

/** People of an associated sub-org holding the delegated role (associated) or not yet (not associated). */
export function pageSubOrgUsers(
  ctx: AppContext,
  auth: AuthInfo,
  q: SubOrgUserPageBody,
  associated: boolean,
): Promise<Page<RoleMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await delegable(trx, auth, q.roleId)
    await associatedOrg(trx, auth, q.roleId, q.orgId)
    return maskMemberPage(await pageSubOrgMembers(trx, q, associated))
  })
}

async function delegatedNames(trx: Trx, roleId: number, orgId: number): Promise<string[]> {
  return (await listDelegatedNames(trx, roleId, orgId)).map((u) => u.true_name)
}

/** Gives the delegated role to people of an associated sub-org, or takes it back. */
export function setSubOrgUsers(ctx: AppContext, auth: AuthInfo, b: SubOrgUserBody, add: boolean): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await delegable(trx, auth, b.roleId)
    await assertMayHandOut(trx, auth, r.id)
    const org = await associatedOrg(trx, auth, r.id, b.orgId)
    const ids = [...new Set(b.userInfoIds)]
    const people = await listOrgPeopleByIds(trx, ids, org.id)
    if (people.length !== ids.length) throw notFound(SubOrgMsg.PERSON_NOT_FOUND)
    const before = await delegatedNames(trx, r.id, org.id)
    if (add) {
      await insertRoleSubOrgUsers(
        trx,
        ids.map((user_info_id) => ({ role_id: r.id, org_id: org.id, user_info_id })),
      )
    } else {
      await deleteRoleSubOrgUsers(trx, r.id, org.id, ids)
    }
    const after = await delegatedNames(trx, r.id, org.id)
    await recordOp(trx, auth, {
      module: MODULE,
      action: add ? '下级机构关联人员' : '下级机构取消关联人员',
      target: `${r.name}（${org.name}）：${people.map((p) => p.true_name).join('、')}`,
      detail: { before, after },
      important: true,
    })
  })
}

/**
 * For the signed-in account: each of its orgs where it holds delegated roles, with those roles and the codes they
 * give there (the admin role is never delegated, so a role's codes are its rows).
 */
export function currentSubOrgPermissions(ctx: AppContext, auth: AuthInfo): Promise<SubOrgPermission[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const rows = await listDelegatedGrantsOfAccount(trx, auth.accountId)
    const byOrg = new Map<number, { orgId: number; orgName: string; roles: Set<string>; permissions: Set<string> }>()
    for (const x of rows) {
      const e = byOrg.get(x.orgId) ?? {
        orgId: x.orgId,
        orgName: x.orgName,
        roles: new Set<string>(),
        permissions: new Set<string>(),
      }
      byOrg.set(x.orgId, e)
      e.roles.add(x.roleName)
      if (x.code) e.permissions.add(x.code)
    }
    return [...byOrg.values()].map((e) => ({
      orgId: e.orgId,
      orgName: e.orgName,
      roles: [...e.roles],
      permissions: [...e.permissions].sort(),
    }))
  })
}
