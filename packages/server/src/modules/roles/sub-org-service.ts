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
import { subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'
import { assertMayHandOut, memberRows, roleFor } from './service.js'

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
  return (
    await trx.selectFrom('org_unit').select('id').where('id', 'in', ids).where('org_type', '=', 'org').execute()
  ).map((o) => o.id)
}

/** The named orgs, each in the caller's sub-org set; anything else answers 404 like a missing org. */
async function subOrgs(trx: Trx, auth: AuthInfo, orgIds: number[]) {
  const allowed = new Set(await subOrgIds(trx, auth))
  const wanted = [...new Set(orgIds)]
  if (wanted.some((id) => !allowed.has(id))) throw notFound(SubOrgMsg.ORG_NOT_FOUND)
  return trx.selectFrom('org_unit').select(['id', 'name']).where('id', 'in', wanted).orderBy('id').execute()
}

async function associatedOrgNames(trx: Trx, roleId: number): Promise<string[]> {
  return (
    await trx
      .selectFrom('role_sub_org as s')
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.org_id'))
      .select('o.name')
      .where('s.role_id', '=', roleId)
      .orderBy('o.id')
      .execute()
  ).map((o) => o.name)
}

/** An associated sub-org of the role (for the people calls). */
async function associatedOrg(trx: Trx, auth: AuthInfo, roleId: number, orgId: number) {
  const [org] = await subOrgs(trx, auth, [orgId])
  const link = await trx
    .selectFrom('role_sub_org')
    .select('org_id')
    .where('role_id', '=', roleId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
  if (!link) throw refused(ErrorCode.BAD_REQUEST, SubOrgMsg.NOT_ASSOCIATED)
  return org!
}

export function pageSubOrgs(ctx: AppContext, auth: AuthInfo, q: SubOrgPageBody): Promise<Page<SubOrgRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await delegable(trx, auth, q.roleId)
    const ids = await subOrgIds(trx, auth)
    if (!ids.length) return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize }
    let list = trx
      .selectFrom('org_unit as o')
      .leftJoin('org_unit as p', (j) => j.onRef('p.tenant_id', '=', 'o.tenant_id').onRef('p.id', '=', 'o.parent_id'))
      .select((eb) => [
        'o.id as orgId',
        'o.name as orgName',
        'p.name as parentName',
        'o.unit_attr as unitAttr',
        eb
          .selectFrom('role_sub_org_user as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.org_id', '=', 'o.id')
          .where('m.role_id', '=', q.roleId)
          .as('memberCount'),
        eb
          .exists(
            eb
              .selectFrom('role_sub_org as s')
              .select('s.org_id')
              .whereRef('s.org_id', '=', 'o.id')
              .where('s.role_id', '=', q.roleId),
          )
          .as('associated'),
      ])
      .where('o.id', 'in', ids)
      .$if(q.associated != null, (qb) =>
        qb.where((eb) => {
          const linked = eb.exists(
            eb
              .selectFrom('role_sub_org as s')
              .select('s.org_id')
              .whereRef('s.org_id', '=', 'o.id')
              .where('s.role_id', '=', q.roleId),
          )
          return q.associated ? linked : eb.not(linked)
        }),
      )
    if (q.keyword) list = list.where('o.name', 'ilike', `%${q.keyword}%`)
    const page = await paginate(list.orderBy('o.sort').orderBy('o.id'), list, q)
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
      await trx
        .insertInto('role_sub_org')
        .values(ids.map((org_id) => ({ role_id: r.id, org_id, created_by: auth.userInfoId })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    } else {
      removedMembers = (
        await trx
          .deleteFrom('role_sub_org_user')
          .where('role_id', '=', r.id)
          .where('org_id', 'in', ids)
          .returning('user_info_id')
          .execute()
      ).length
      await trx.deleteFrom('role_sub_org').where('role_id', '=', r.id).where('org_id', 'in', ids).execute()
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
    let list = memberRows(trx)
      .where('u.org_id', '=', q.orgId)
      .where((eb) => {
        const held = eb.exists(
          eb
            .selectFrom('role_sub_org_user as m')
            .select('m.user_info_id')
            .whereRef('m.user_info_id', '=', 'u.id')
            .where('m.role_id', '=', q.roleId),
        )
        return associated ? held : eb.not(held)
      })
    if (q.userType != null) list = list.where('u.user_type', '=', q.userType)
    if (q.keyword)
      list = list.where((eb) =>
        eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('a.user_name', 'ilike', `%${q.keyword}%`)]),
      )
    return paginate(list.orderBy('u.id'), list, q)
  })
}

async function delegatedNames(trx: Trx, roleId: number, orgId: number): Promise<string[]> {
  return (
    await trx
      .selectFrom('role_sub_org_user as m')
      .innerJoin('user_info as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_info_id'),
      )
      .select('u.true_name')
      .where('m.role_id', '=', roleId)
      .where('m.org_id', '=', orgId)
      .orderBy('u.id')
      .execute()
  ).map((u) => u.true_name)
}

/** Gives the delegated role to people of an associated sub-org, or takes it back. */
export function setSubOrgUsers(ctx: AppContext, auth: AuthInfo, b: SubOrgUserBody, add: boolean): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await delegable(trx, auth, b.roleId)
    await assertMayHandOut(trx, auth, r.id)
    const org = await associatedOrg(trx, auth, r.id, b.orgId)
    const ids = [...new Set(b.userInfoIds)]
    const people = await trx
      .selectFrom('user_info')
      .select(['id', 'true_name'])
      .where('id', 'in', ids)
      .where('org_id', '=', org.id)
      .where('archived', '=', false)
      .execute()
    if (people.length !== ids.length) throw notFound(SubOrgMsg.PERSON_NOT_FOUND)
    const before = await delegatedNames(trx, r.id, org.id)
    if (add) {
      await trx
        .insertInto('role_sub_org_user')
        .values(ids.map((user_info_id) => ({ role_id: r.id, org_id: org.id, user_info_id })))
        .onConflict((oc) => oc.doNothing())
        .execute()
    } else {
      await trx
        .deleteFrom('role_sub_org_user')
        .where('role_id', '=', r.id)
        .where('org_id', '=', org.id)
        .where('user_info_id', 'in', ids)
        .execute()
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
    const rows = await trx
      .selectFrom('role_sub_org_user as m')
      .innerJoin('user_info as u', (j) =>
        j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_info_id'),
      )
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.id', '=', 'm.org_id'))
      .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'm.tenant_id').onRef('r.id', '=', 'm.role_id'))
      .leftJoin('role_permission as rp', (j) =>
        j.onRef('rp.tenant_id', '=', 'r.tenant_id').onRef('rp.role_id', '=', 'r.id'),
      )
      .select(['o.id as orgId', 'o.name as orgName', 'r.name as roleName', 'rp.permission_code as code'])
      .where('u.account_id', '=', auth.accountId)
      .where('u.archived', '=', false)
      .where('r.status', '=', 0)
      .orderBy('o.id')
      .orderBy('r.id')
      .execute()
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
