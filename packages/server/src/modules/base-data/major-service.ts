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

const unique = (e: unknown): never => rethrowUnique(e, {}, MajorMsg.NAME_TAKEN)

async function z3School(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await trx.selectFrom('org_unit').select('app_type').where('id', '=', id).executeTakeFirstOrThrow()
  if (org.app_type !== SchoolAppType.Z3) throw refused(ErrorCode.BAD_REQUEST, MajorMsg.NOT_Z3)
  return id
}

const nodeFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'major_node', id, MajorMsg.NOT_FOUND)

/** The whole tree of a school as a flat list (parentId links), in display order. */
export function majorTree(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<MajorRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await z3School(trx, auth, orgId)
    return trx
      .selectFrom('major_node')
      .select(['id', 'org_id as orgId', 'level', 'parent_id as parentId', 'name', 'code', 'sort', 'status'])
      .where('org_id', '=', org)
      .orderBy('sort')
      .orderBy('id')
      .execute()
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
      return (
        await trx
          .insertInto('major_node')
          .values({
            org_id: org,
            parent_id: b.parentId ?? null,
            level: b.level,
            name: b.name,
            code: b.code || null,
            sort: b.sort ?? 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
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
      await trx.updateTable('major_node').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      unique(e)
    }
  })
}

export function setMajorStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await nodeFor(trx, auth, id)
    await trx.updateTable('major_node').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteMajor(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await nodeFor(trx, auth, id)
    if (await trx.selectFrom('major_node').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, MajorMsg.HAS_CHILDREN)
    await trx.deleteFrom('major_node').where('id', '=', id).execute()
  })
}
