import { AreaMsg, ErrorCode, type AreaBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'

/** Reference data shared by every tenant: read by anyone signed in, written by the super administrator. */
export function listLevels(ctx: AppContext) {
  return ctx.db.platform(async (trx) =>
    (
      await trx
        .selectFrom('admin_level')
        .select((eb) => [
          'id',
          'name',
          'sort',
          eb
            .selectFrom('area')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('area.level_id', '=', 'admin_level.id')
            .as('areaCount'),
        ])
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((l) => ({ ...l, areaCount: Number(l.areaCount ?? 0) })),
  )
}

export function addLevel(ctx: AppContext, b: { name: string; sort: number }): Promise<number> {
  return ctx.db.platform(async (trx) => {
    try {
      return (await trx.insertInto('admin_level').values(b).returning('id').executeTakeFirstOrThrow()).id
    } catch (e) {
      return rethrowUnique(e, {}, AreaMsg.LEVEL_TAKEN)
    }
  })
}

export function updateLevel(ctx: AppContext, id: number, b: { name: string; sort: number }): Promise<void> {
  return ctx.db.platform(async (trx) => {
    try {
      const r = await trx.updateTable('admin_level').set(b).where('id', '=', id).executeTakeFirst()
      if (!Number(r.numUpdatedRows)) throw notFound(AreaMsg.LEVEL_NOT_FOUND)
    } catch (e) {
      rethrowUnique(e, {}, AreaMsg.LEVEL_TAKEN)
    }
  })
}

export function deleteLevel(ctx: AppContext, id: number): Promise<void> {
  return ctx.db.platform(async (trx) => {
    if (await trx.selectFrom('area').select('code').where('level_id', '=', id).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, AreaMsg.LEVEL_IN_USE)
    const r = await trx.deleteFrom('admin_level').where('id', '=', id).executeTakeFirst()
    if (!Number(r.numDeletedRows)) throw notFound(AreaMsg.LEVEL_NOT_FOUND)
  })
}

/** One level of the area tree: the children of parentCode (the top when absent). */
export function listAreas(ctx: AppContext, parentCode?: string) {
  return ctx.db.platform(async (trx) =>
    (
      await trx
        .selectFrom('area')
        .innerJoin('admin_level', 'admin_level.id', 'area.level_id')
        .select((eb) => [
          'area.code',
          'area.name',
          'area.parent_code as parentCode',
          'area.level_id as levelId',
          'admin_level.name as levelName',
          eb
            .selectFrom('area as c')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('c.parent_code', '=', 'area.code')
            .as('childCount'),
        ])
        .where('area.parent_code', parentCode ? '=' : 'is', parentCode ?? null)
        .orderBy('area.code')
        .execute()
    ).map((a) => ({ ...a, childCount: Number(a.childCount ?? 0) })),
  )
}

async function checkRefs(trx: Trx, b: AreaBody): Promise<void> {
  if (!(await trx.selectFrom('admin_level').select('id').where('id', '=', b.levelId).executeTakeFirst()))
    throw refused(ErrorCode.BAD_REQUEST, AreaMsg.LEVEL_NOT_FOUND)
  if (
    b.parentCode &&
    !(await trx.selectFrom('area').select('code').where('code', '=', b.parentCode).executeTakeFirst())
  )
    throw refused(ErrorCode.BAD_REQUEST, AreaMsg.PARENT_MISSING)
}

export function addArea(ctx: AppContext, b: AreaBody): Promise<void> {
  return ctx.db.platform(async (trx) => {
    await checkRefs(trx, b)
    try {
      await trx
        .insertInto('area')
        .values({ code: b.code, name: b.name, parent_code: b.parentCode ?? null, level_id: b.levelId })
        .execute()
    } catch (e) {
      rethrowUnique(e, {}, AreaMsg.CODE_TAKEN)
    }
  })
}

export function updateArea(ctx: AppContext, b: AreaBody): Promise<void> {
  return ctx.db.platform(async (trx) => {
    await checkRefs(trx, b)
    if (b.parentCode === b.code) throw refused(ErrorCode.BAD_REQUEST, AreaMsg.PARENT_MISSING)
    const r = await trx
      .updateTable('area')
      .set({ name: b.name, parent_code: b.parentCode ?? null, level_id: b.levelId })
      .where('code', '=', b.code)
      .executeTakeFirst()
    if (!Number(r.numUpdatedRows)) throw notFound(AreaMsg.NOT_FOUND)
  })
}

export function deleteArea(ctx: AppContext, code: string): Promise<void> {
  return ctx.db.platform(async (trx) => {
    if (await trx.selectFrom('area').select('code').where('parent_code', '=', code).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, AreaMsg.HAS_CHILDREN)
    const r = await trx.deleteFrom('area').where('code', '=', code).executeTakeFirst()
    if (!Number(r.numDeletedRows)) throw notFound(AreaMsg.NOT_FOUND)
  })
}
