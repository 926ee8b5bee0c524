import {
  ErrorCode,
  OrgMsg,
  type OrgAddBody,
  type OrgListPageBody,
  type OrgRow,
  type OrgUpdateBody,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { rethrowInUse, rethrowUnique } from '../../platform/db-errors.js'
import { assertInScope, loadInScope, subtreeIds } from '../../platform/org-scope.js'
import type { Trx } from '../../db/database.js'
import { findOrg } from './queries.js'
import {
  childCount,
  deleteOrgLeftovers,
  deleteOrgUnit,
  findOrgRowsByName,
  findOrgTypeOfKind,
  insertOrg,
  listOrgRows,
  memberCount,
  pageOrgRows,
  revokeOrgSessions,
  updateOrgUnit,
} from './admin-queries.js'

function translateUnique(e: unknown): never {
  return rethrowUnique(e, { org_unit_code: OrgMsg.CODE_TAKEN }, OrgMsg.NAME_TAKEN)
}

export function listAll(ctx: AppContext, auth: AuthInfo): Promise<OrgRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const ids = await subtreeIds(trx, auth.orgId)
    return listOrgRows(trx, ids)
  })
}

export function listSubOrgAll(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<OrgRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, orgId)
    const ids = (await subtreeIds(trx, orgId)).filter((id) => id !== orgId)
    if (!ids.length) return []
    return listOrgRows(trx, ids)
  })
}

export function listPage(ctx: AppContext, auth: AuthInfo, q: OrgListPageBody) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    if (q.parentId != null && !scope.includes(q.parentId)) throw notFound('机构不存在')
    return pageOrgRows(trx, scope, q)
  })
}

export function findByName(ctx: AppContext, auth: AuthInfo, name: string): Promise<OrgRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return findOrgRowsByName(trx, scope, name)
  })
}

export function hasMembers(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, orgId)
    return (await memberCount(trx, orgId)) > 0
  })
}

async function checkType(trx: Trx, typeId: number | null | undefined, kind: 'org' | 'depart'): Promise<number | null> {
  if (typeId == null) return null
  const t = await findOrgTypeOfKind(trx, typeId, kind)
  if (!t) throw badRequest(kind === 'org' ? '机构类型不存在' : '部门类型不存在')
  return t.unit_attr
}

export function addOrg(ctx: AppContext, auth: AuthInfo, b: OrgAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const parent = await loadInScope(
      trx,
      auth,
      findOrg,
      b.parentId,
      refused(ErrorCode.BAD_REQUEST, OrgMsg.PARENT_MISSING),
      {
        org: (o) => o.id,
      },
    )
    const typeAttr = await checkType(trx, b.typeId, b.orgType)
    // A department carries its organisation's unit attribute; an org takes its own, its type's, or its parent's.
    const unitAttr = b.orgType === 'depart' ? parent.unit_attr : (b.unitAttr ?? typeAttr ?? parent.unit_attr)
    try {
      return await insertOrg(trx, {
        parent_id: b.parentId,
        name: b.name,
        org_code: b.orgCode || null,
        unit_attr: unitAttr,
        trade: parent.trade,
        app_type: b.orgType === 'depart' ? parent.app_type : (b.appType ?? parent.app_type),
        org_type: b.orgType,
        type_id: b.typeId ?? null,
        sort: b.sort ?? 0,
        address: b.address ?? null,
        contact: b.contact ?? null,
        phone: b.phone ?? null,
        remark: b.remark ?? null,
        icon_url: null,
        xd_page: null,
        jd_page: null,
      })
    } catch (e) {
      translateUnique(e)
    }
  })
}

/** An org in the caller's scope (their org or one below it); a missing org and one outside both answer 机构不存在. */
const orgInScope = (trx: Trx, auth: AuthInfo, orgId: number) =>
  loadInScope(trx, auth, findOrg, orgId, '机构不存在', { org: (o) => o.id })

export function updateOrg(ctx: AppContext, auth: AuthInfo, b: OrgUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await orgInScope(trx, auth, b.orgId)
    if (b.typeId !== undefined) await checkType(trx, b.typeId, org.org_type as 'org' | 'depart')
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.orgCode !== undefined && { org_code: b.orgCode || null }),
      ...(b.unitAttr !== undefined && org.org_type === 'org' && { unit_attr: b.unitAttr }),
      ...(b.appType !== undefined && { app_type: b.appType }),
      ...(b.typeId !== undefined && { type_id: b.typeId }),
      ...(b.sort !== undefined && { sort: b.sort }),
      ...(b.address !== undefined && { address: b.address }),
      ...(b.contact !== undefined && { contact: b.contact }),
      ...(b.phone !== undefined && { phone: b.phone }),
      ...(b.remark !== undefined && { remark: b.remark }),
    }
    if (!Object.keys(set).length) return
    try {
      await updateOrgUnit(trx, b.orgId, set)
    } catch (e) {
      translateUnique(e)
    }
  })
}

export function setOrgStatus(ctx: AppContext, auth: AuthInfo, orgId: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await orgInScope(trx, auth, orgId)
    if (orgId === auth.orgId) throw refused(ErrorCode.BAD_REQUEST, OrgMsg.OWN_ORG)
    await updateOrgUnit(trx, orgId, { status })
    // Login refuses a disabled org; sessions already open in it end now rather than at their expiry.
    if (status !== 0) {
      await revokeOrgSessions(trx, orgId, ctx.clock.now())
    }
  })
}

export function deleteOrg(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await orgInScope(trx, auth, orgId)
    if (orgId === auth.orgId) throw refused(ErrorCode.BAD_REQUEST, OrgMsg.OWN_ORG)
    if (await childCount(trx, orgId)) throw refused(ErrorCode.CONFLICT, OrgMsg.HAS_CHILDREN)
    if (await memberCount(trx, orgId)) throw refused(ErrorCode.CONFLICT, OrgMsg.HAS_MEMBERS)
    // What only exists because the org did (its roles, the launcher's groups, join requests, finished imports) goes
    // with it; base data people made there (grades, buildings, terms …) must be deleted first.
    await deleteOrgLeftovers(trx, orgId)
    try {
      await deleteOrgUnit(trx, orgId)
    } catch (e) {
      rethrowInUse(e, OrgMsg.HAS_DATA)
    }
  })
}
