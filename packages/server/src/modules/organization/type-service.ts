import { ErrorCode, OrgTypeMsg, type OrgTypeAddBody, type OrgTypeRow, type OrgTypeUpdateBody } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import type { Page } from '../../platform/paging.js'
import {
  anyOrgOfType,
  deleteOrgType,
  findOrgTypeUnitAttr,
  insertOrgType,
  pageOrgTypes,
  setOrgTypeStatus,
  updateOrgType,
} from './type-queries.js'

function unique(e: unknown): never {
  return rethrowUnique(e, {}, OrgTypeMsg.NAME_TAKEN)
}

export function pageTypes(
  ctx: AppContext,
  auth: AuthInfo,
  q: { kind: 'org' | 'depart'; pageIndex: number; pageSize: number; keyword?: string | null },
): Promise<Page<OrgTypeRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageOrgTypes(trx, q)
    return { ...page, list: page.list.map((r) => ({ ...r, orgCount: Number(r.orgCount ?? 0) })) }
  })
}

export function addType(ctx: AppContext, auth: AuthInfo, b: OrgTypeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    try {
      return await insertOrgType(trx, {
        kind: b.kind,
        name: b.name,
        code: b.code ?? null,
        unit_attr: b.kind === 'org' ? (b.unitAttr ?? null) : null,
        sort: b.sort ?? 0,
      })
    } catch (e) {
      unique(e)
    }
  })
}

export function updateType(ctx: AppContext, auth: AuthInfo, b: OrgTypeUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code }),
      ...(b.unitAttr !== undefined && { unit_attr: b.unitAttr }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    try {
      if (!Number(await updateOrgType(trx, b.id, set))) throw notFound('类型不存在')
    } catch (e) {
      unique(e)
    }
  })
}

export function setTypeStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (!Number(await setOrgTypeStatus(trx, id, status))) throw notFound('类型不存在')
  })
}

export function deleteType(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const used = await anyOrgOfType(trx, id)
    if (used) throw refused(ErrorCode.CONFLICT, OrgTypeMsg.IN_USE)
    if (!Number(await deleteOrgType(trx, id))) throw notFound('类型不存在')
  })
}

/** getOrgUnitAttrByType: the unit attribute an org of this type gets. */
export function unitAttrOfType(ctx: AppContext, auth: AuthInfo, typeId: number): Promise<number | null> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const t = await findOrgTypeUnitAttr(trx, typeId)
    if (!t) throw notFound('类型不存在')
    return t.unit_attr
  })
}
