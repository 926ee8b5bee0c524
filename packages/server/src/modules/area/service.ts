import { AreaMsg, ErrorCode, type AreaBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import {
  areaExists,
  areaHasChildren,
  deleteAreaRow,
  deleteLevelRow,
  insertArea,
  insertLevel,
  levelExists,
  levelHasAreas,
  listAreaRows,
  listLevelRows,
  updateAreaRow,
  updateLevelRow,
} from './queries.js'

/** Reference data shared by every tenant: read by anyone signed in, written by the super administrator. */
export function listLevels(ctx: AppContext) {
  return ctx.db.platform(async (trx) =>
    (await listLevelRows(trx)).map((l) => ({ ...l, areaCount: Number(l.areaCount ?? 0) })),
  )
}

export function addLevel(ctx: AppContext, b: { name: string; sort: number }): Promise<number> {
  return ctx.db.platform(async (trx) => {
    try {
      return await insertLevel(trx, b)
    } catch (e) {
      return rethrowUnique(e, {}, AreaMsg.LEVEL_TAKEN)
    }
  })
}

export function updateLevel(ctx: AppContext, id: number, b: { name: string; sort: number }): Promise<void> {
  return ctx.db.platform(async (trx) => {
    try {
      if (!(await updateLevelRow(trx, id, b))) throw notFound(AreaMsg.LEVEL_NOT_FOUND)
    } catch (e) {
      rethrowUnique(e, {}, AreaMsg.LEVEL_TAKEN)
    }
  })
}

export function deleteLevel(ctx: AppContext, id: number): Promise<void> {
  return ctx.db.platform(async (trx) => {
    if (await levelHasAreas(trx, id)) throw refused(ErrorCode.CONFLICT, AreaMsg.LEVEL_IN_USE)
    if (!(await deleteLevelRow(trx, id))) throw notFound(AreaMsg.LEVEL_NOT_FOUND)
  })
}

/** One level of the area tree: the children of parentCode (the top when absent). */
export function listAreas(ctx: AppContext, parentCode?: string) {
  return ctx.db.platform(async (trx) =>
    (await listAreaRows(trx, parentCode)).map((a) => ({ ...a, childCount: Number(a.childCount ?? 0) })),
  )
}

async function checkRefs(trx: Trx, b: AreaBody): Promise<void> {
  if (!(await levelExists(trx, b.levelId))) throw refused(ErrorCode.BAD_REQUEST, AreaMsg.LEVEL_NOT_FOUND)
  if (b.parentCode && !(await areaExists(trx, b.parentCode)))
    throw refused(ErrorCode.BAD_REQUEST, AreaMsg.PARENT_MISSING)
}

export function addArea(ctx: AppContext, b: AreaBody): Promise<void> {
  return ctx.db.platform(async (trx) => {
    await checkRefs(trx, b)
    try {
      await insertArea(trx, { code: b.code, name: b.name, parent_code: b.parentCode ?? null, level_id: b.levelId })
    } catch (e) {
      rethrowUnique(e, {}, AreaMsg.CODE_TAKEN)
    }
  })
}

export function updateArea(ctx: AppContext, b: AreaBody): Promise<void> {
  return ctx.db.platform(async (trx) => {
    await checkRefs(trx, b)
    if (b.parentCode === b.code) throw refused(ErrorCode.BAD_REQUEST, AreaMsg.PARENT_MISSING)
    const updated = await updateAreaRow(trx, b.code, {
      name: b.name,
      parent_code: b.parentCode ?? null,
      level_id: b.levelId,
    })
    if (!updated) throw notFound(AreaMsg.NOT_FOUND)
  })
}

export function deleteArea(ctx: AppContext, code: string): Promise<void> {
  return ctx.db.platform(async (trx) => {
    if (await areaHasChildren(trx, code)) throw refused(ErrorCode.CONFLICT, AreaMsg.HAS_CHILDREN)
    if (!(await deleteAreaRow(trx, code))) throw notFound(AreaMsg.NOT_FOUND)
  })
}
