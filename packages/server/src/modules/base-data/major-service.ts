import {
  ErrorCode,
  MAJOR_PARENT,
  MajorMsg,
  SchoolAppType,
  type MajorAddBody,
  type MajorRow,
  type MajorUpdateBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import {
  deleteMajorNode,
  findMajorChild,
  findOrgAppType,
  insertMajorNode,
  listMajorNodes,
  updateMajorNode,
} from './major-queries.js'

const unique = (e: unknown): never => rethrowUnique(e, {}, MajorMsg.NAME_TAKEN)

async function z3School(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await findOrgAppType(trx, id)
  if (org.app_type !== SchoolAppType.Z3) throw refused(ErrorCode.BAD_REQUEST, MajorMsg.NOT_Z3)
  return id
}

const nodeFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'major_node', id, MajorMsg.NOT_FOUND)

/** The whole tree of a school as a flat list (parentId links), in display order. */
export function majorTree(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<MajorRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await z3School(trx, auth, orgId)
    return listMajorNodes(trx, org)
  })
}

export function addMajor(ctx: AppContext, auth: AuthInfo, b: MajorAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await z3School(trx, auth, b.orgId)
    const parentLevel = MAJOR_PARENT[b.level]
    if (parentLevel === null ? b.parentId != null : b.parentId == null)
      throw refused(ErrorCode.BAD_REQUEST, MajorMsg.WRONG_PARENT)
    if (b.parentId != null) {
      const p = await nodeFor(trx, auth, b.parentId)
      if (p.level !== parentLevel || p.org_id !== org) throw refused(ErrorCode.BAD_REQUEST, MajorMsg.WRONG_PARENT)
    }
    try {
      return await insertMajorNode(trx, {
        org_id: org,
        parent_id: b.parentId ?? null,
        level: b.level,
        name: b.name,
        code: b.code || null,
        sort: b.sort ?? 0,
      })
    } catch (e) {
      return unique(e)
    }
  })
}

export function updateMajor(ctx: AppContext, auth: AuthInfo, b: MajorUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await nodeFor(trx, auth, b.id)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    if (!Object.keys(set).length) return
    try {
      await updateMajorNode(trx, b.id, set)
    } catch (e) {
      unique(e)
    }
  })
}

export function setMajorStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await nodeFor(trx, auth, id)
    await updateMajorNode(trx, id, { status })
  })
}

export function deleteMajor(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await nodeFor(trx, auth, id)
    if (await findMajorChild(trx, id)) throw refused(ErrorCode.CONFLICT, MajorMsg.HAS_CHILDREN)
    await deleteMajorNode(trx, id)
  })
}
