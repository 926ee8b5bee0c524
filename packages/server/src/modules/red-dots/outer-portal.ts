import {
  ErrorCode,
  OuterLimitType,
  PortalMsg,
  OuterMsg,
  OuterObjectType,
  UserType,
  type OuterEmployee,
  type OuterLimitTypeAnswer,
  type OuterRoleInfo,
  type OuterRoleObject,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, unauthorized } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { isWithin, scopedOrg, subtreeIds } from '../../platform/org-scope.js'
import { lineage } from '../portal-config/named-config.js'

/**
 * Outer-portal limits (/base/portal/outer, docs/red-dots.md "Red dots, class home, outer portal"): who may open an
 * org's open portal. An org without its own setting follows the nearest org above it that has one (type and lists
 * together); none at all is 0, everyone.
 */
const MODULE = '公共门户访问限制'

interface Effective {
  limitType: number
  fromOrgId: number | null
}

async function effective(trx: Trx, orgId: number): Promise<Effective> {
  const chain = await lineage(trx, orgId)
  if (!chain.length) throw notFound(PortalMsg.ORG_NOT_FOUND)
  const rows = await trx
    .selectFrom('outer_portal_limit')
    .select(['org_id', 'limit_type'])
    .where('org_id', 'in', chain)
    .execute()
  for (const id of chain) {
    const r = rows.find((x) => Number(x.org_id) === id)
    if (r) return { limitType: r.limit_type, fromOrgId: id }
  }
  return { limitType: OuterLimitType.ALL, fromOrgId: null }
}

const likeOf = (k: string) => `%${k.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

export function getLimitType(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<OuterLimitTypeAnswer> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const e = await effective(trx, org)
    return {
      orgId: org,
      limitType: e.limitType,
      fromOrgId: e.fromOrgId,
      source: e.fromOrgId === null ? 'default' : e.fromOrgId === org ? 'org' : 'inherited',
    }
  })
}

export function setLimitType(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  limitType: number,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const before = await effective(trx, org)
    await trx
      .insertInto('outer_portal_limit')
      .values({ org_id: org, limit_type: limitType, updated_by: auth.userInfoId })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'org_id'])
          .doUpdateSet({ limit_type: limitType, updated_by: auth.userInfoId, updated_at: ctx.clock.now() }),
      )
      .execute()
    await recordOp(trx, auth, {
      module: MODULE,
      action: '设置限制类型',
      detail: { orgId: org, before: before.limitType, after: limitType },
    })
  })
}

/** select: the org's own listed roles. */
export function listRoleObjects(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<OuterRoleObject[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await trx
      .selectFrom('outer_portal_object as o')
      .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.role_id'))
      .select(['o.id', 'o.role_id', 'r.name', 'r.code'])
      .where('o.org_id', '=', org)
      .where('o.object_type', '=', OuterObjectType.ROLE)
      .orderBy('o.id')
      .execute()
    return rows.map((r) => ({ id: r.id, roleId: Number(r.role_id), roleName: r.name, roleCode: r.code }))
  })
}

/** Roles an org may list: the tenant-wide ones and those of the org and the orgs above it. */
function rolesFor(trx: Trx, chain: number[]) {
  return trx
    .selectFrom('role')
    .where('status', '=', 0)
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', 'in', chain)]))
}

export function roleInfos(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  keyword: string | undefined,
): Promise<OuterRoleInfo[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    let q = rolesFor(trx, await lineage(trx, org)).select(['id', 'name', 'code'])
    if (keyword) q = q.where('name', 'ilike', likeOf(keyword))
    const rows = await q.orderBy('id').limit(200).execute()
    const listed = new Set(
      (
        await trx
          .selectFrom('outer_portal_object')
          .select('role_id')
          .where('org_id', '=', org)
          .where('object_type', '=', OuterObjectType.ROLE)
          .execute()
      ).map((r) => Number(r.role_id)),
    )
    return rows.map((r) => ({ roleId: r.id, roleName: r.name, roleCode: r.code, selected: listed.has(r.id) }))
  })
}

export function addRoleObjects(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  roleIds: number[],
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const wanted = [...new Set(roleIds)]
    const found = await rolesFor(trx, await lineage(trx, org))
      .select(['id', 'name'])
      .where('id', 'in', wanted)
      .execute()
    // A role of another org or tenant answers like a missing one, and nothing is written.
    if (found.length !== wanted.length) throw notFound(OuterMsg.ROLE_NOT_FOUND)
    const r = await trx
      .insertInto('outer_portal_object')
      .values(
        wanted.map((role_id) => ({
          org_id: org,
          object_type: OuterObjectType.ROLE,
          role_id,
          created_by: auth.userInfoId,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    await recordOp(trx, auth, {
      module: MODULE,
      action: '添加角色',
      target: found.map((f) => f.name).join('、'),
      detail: { orgId: org, roleIds: wanted },
    })
    return Number(r.numInsertedOrUpdatedRows ?? 0)
  })
}

export function deleteObjects(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  ids: number[],
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const gone = await trx
      .deleteFrom('outer_portal_object')
      .where('org_id', '=', org)
      .where('id', 'in', [...new Set(ids)])
      .returning('id')
      .execute()
    if (!gone.length) throw notFound(OuterMsg.OBJECT_NOT_FOUND)
    await recordOp(trx, auth, {
      module: MODULE,
      action: '删除限制对象',
      detail: { orgId: org, ids: gone.map((g) => g.id) },
    })
  })
}

function staffRows(trx: Trx) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .select(['u.id', 'u.true_name', 'u.job_no', 'o.name as org_name', 'u.org_id'])
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
}
const toEmployee = (r: { id: number; true_name: string; job_no: string | null; org_name: string }): OuterEmployee => ({
  userInfoId: r.id,
  trueName: r.true_name,
  jobNo: r.job_no,
  orgName: r.org_name,
})

/** employee/select: the org's listed staff. */
export function listEmployees(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<OuterEmployee[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await staffRows(trx)
      .innerJoin('outer_portal_object as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.user_info_id', '=', 'u.id'),
      )
      .where('p.org_id', '=', org)
      .where('p.object_type', '=', OuterObjectType.STAFF)
      .orderBy('p.id')
      .execute()
    return rows.map(toEmployee)
  })
}

/** employee/candidates: staff of the org and the orgs below it matching the keyword (at most 50). */
export function employeeCandidates(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  keyword: string | undefined,
): Promise<OuterEmployee[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    let q = staffRows(trx).where('u.org_id', 'in', await subtreeIds(trx, org))
    if (keyword)
      q = q.where((eb) =>
        eb.or([eb('u.true_name', 'ilike', likeOf(keyword)), eb('u.job_no', 'ilike', likeOf(keyword))]),
      )
    return (await q.orderBy('u.id').limit(50).execute()).map(toEmployee)
  })
}

/** employee/set: replaces the org's staff list; each must be staff of the org or below it, else nothing is written. */
export function setEmployees(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  userInfoIds: number[],
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const wanted = [...new Set(userInfoIds)]
    const found = wanted.length ? await staffRows(trx).where('u.id', 'in', wanted).execute() : []
    for (const w of wanted) {
      const f = found.find((x) => x.id === w)
      if (!f || !(await isWithin(trx, org, Number(f.org_id)))) throw notFound(OuterMsg.STAFF_NOT_FOUND)
    }
    await trx
      .deleteFrom('outer_portal_object')
      .where('org_id', '=', org)
      .where('object_type', '=', OuterObjectType.STAFF)
      .execute()
    if (wanted.length) {
      await trx
        .insertInto('outer_portal_object')
        .values(
          wanted.map((user_info_id) => ({
            org_id: org,
            object_type: OuterObjectType.STAFF,
            user_info_id,
            created_by: auth.userInfoId,
          })),
        )
        .execute()
    }
    await recordOp(trx, auth, { module: MODULE, action: '设置人员', detail: { orgId: org, userInfoIds: wanted } })
    return wanted.length
  })
}

/**
 * May this caller open the org's open portal (inside the org's tenant)? Type 0: anyone, visitors too. Type 1: a
 * signed-in person of the tenant holding a listed role in any of their memberships (own or delegated). Type 2: one
 * of whose memberships is listed. A caller of another tenant counts as a visitor.
 */
export async function outerAllowed(
  trx: Trx,
  auth: AuthInfo | null,
  orgId: number,
): Promise<{ allowed: boolean; limitType: number }> {
  const e = await effective(trx, orgId)
  if (e.limitType === OuterLimitType.ALL) return { allowed: true, limitType: e.limitType }
  if (!auth || e.fromOrgId === null) return { allowed: false, limitType: e.limitType }
  const mine = trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', auth.accountId)
    .where('archived', '=', false)
  let hit
  if (e.limitType === OuterLimitType.ROLES) {
    const roles = trx
      .selectFrom('outer_portal_object')
      .select('role_id')
      .where('org_id', '=', e.fromOrgId)
      .where('object_type', '=', OuterObjectType.ROLE)
    hit = await trx
      .selectFrom('user_role')
      .select('role_id')
      .where('user_info_id', 'in', mine)
      .where('role_id', 'in', roles)
      .union(
        trx
          .selectFrom('role_sub_org_user')
          .select('role_id')
          .where('user_info_id', 'in', mine)
          .where('role_id', 'in', roles),
      )
      .limit(1)
      .executeTakeFirst()
  } else {
    hit = await trx
      .selectFrom('outer_portal_object')
      .select('id')
      .where('org_id', '=', e.fromOrgId)
      .where('object_type', '=', OuterObjectType.STAFF)
      .where('user_info_id', 'in', mine)
      .limit(1)
      .executeTakeFirst()
  }
  return { allowed: hit !== undefined, limitType: e.limitType }
}

/** outerAllowed in the org's tenant, in a transaction of its own. */
export function mayOpenOuter(
  ctx: AppContext,
  tenantId: number,
  auth: AuthInfo | null,
  orgId: number,
): Promise<{ allowed: boolean; limitType: number }> {
  return ctx.db.tenant(tenantId, (trx) => outerAllowed(trx, auth, orgId))
}

/** Refuses the open portal's layout: 401 for a visitor (the client sends them to log in), 403 for one not listed. */
export async function assertOuterAllowed(trx: Trx, auth: AuthInfo | null, orgId: number): Promise<void> {
  const r = await outerAllowed(trx, auth, orgId)
  if (r.allowed) return
  if (!auth) throw unauthorized()
  throw new AppError(ErrorCode.FORBIDDEN, OuterMsg.DENIED, 403)
}
