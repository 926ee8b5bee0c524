import {
  ErrorCode,
  OuterLimitType,
  PortalMsg,
  OuterMsg,
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
import {
  deleteObjectsOfOrg,
  deleteStaffObjects,
  findListableRoles,
  findListedMembership,
  findListedRoleHeld,
  findStaff,
  insertRoleObjects,
  insertStaffObjects,
  limitsOf,
  listedRoleIds,
  listedRoles,
  listedStaff,
  searchListableRoles,
  searchStaff,
  upsertLimitType,
} from './outer-portal-queries.js'

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
  const rows = await limitsOf(trx, chain)
  for (const id of chain) {
    const r = rows.find((x) => Number(x.org_id) === id)
    if (r) return { limitType: r.limit_type, fromOrgId: id }
  }
  return { limitType: OuterLimitType.ALL, fromOrgId: null }
}

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
    await upsertLimitType(trx, org, limitType, auth.userInfoId, ctx.clock.now())
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
    const rows = await listedRoles(trx, org)
    return rows.map((r) => ({ id: r.id, roleId: Number(r.role_id), roleName: r.name, roleCode: r.code }))
  })
}

export function roleInfos(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  keyword: string | undefined,
): Promise<OuterRoleInfo[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await searchListableRoles(trx, await lineage(trx, org), keyword)
    const listed = new Set((await listedRoleIds(trx, org)).map((r) => Number(r.role_id)))
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
    const found = await findListableRoles(trx, await lineage(trx, org), wanted)
    // A role of another org or tenant answers like a missing one, and nothing is written.
    if (found.length !== wanted.length) throw notFound(OuterMsg.ROLE_NOT_FOUND)
    const r = await insertRoleObjects(trx, org, wanted, auth.userInfoId)
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
    const gone = await deleteObjectsOfOrg(trx, org, [...new Set(ids)])
    if (!gone.length) throw notFound(OuterMsg.OBJECT_NOT_FOUND)
    await recordOp(trx, auth, {
      module: MODULE,
      action: '删除限制对象',
      detail: { orgId: org, ids: gone.map((g) => g.id) },
    })
  })
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
    const rows = await listedStaff(trx, org)
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
    return (await searchStaff(trx, await subtreeIds(trx, org), keyword)).map(toEmployee)
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
    const found = wanted.length ? await findStaff(trx, wanted) : []
    for (const w of wanted) {
      const f = found.find((x) => x.id === w)
      if (!f || !(await isWithin(trx, org, Number(f.org_id)))) throw notFound(OuterMsg.STAFF_NOT_FOUND)
    }
    await deleteStaffObjects(trx, org)
    if (wanted.length) {
      await insertStaffObjects(trx, org, wanted, auth.userInfoId)
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
async function outerAllowed(
  trx: Trx,
  auth: AuthInfo | null,
  orgId: number,
): Promise<{ allowed: boolean; limitType: number }> {
  const e = await effective(trx, orgId)
  if (e.limitType === OuterLimitType.ALL) return { allowed: true, limitType: e.limitType }
  if (!auth || e.fromOrgId === null) return { allowed: false, limitType: e.limitType }
  const hit =
    e.limitType === OuterLimitType.ROLES
      ? await findListedRoleHeld(trx, auth.accountId, e.fromOrgId)
      : await findListedMembership(trx, auth.accountId, e.fromOrgId)
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
