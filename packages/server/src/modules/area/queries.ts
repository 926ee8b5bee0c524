import { CITY_SEARCH_MAX } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** Levels by sort with how many areas each has. */
export function listLevelRows(trx: Trx) {
  return trx
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
}

export async function insertLevel(trx: Trx, values: { name: string; sort: number }): Promise<number> {
  return (await trx.insertInto('admin_level').values(values).returning('id').executeTakeFirstOrThrow()).id
}

/** The number of rows updated (0 when there is no such level). */
export async function updateLevelRow(trx: Trx, id: number, values: { name: string; sort: number }): Promise<number> {
  const r = await trx.updateTable('admin_level').set(values).where('id', '=', id).executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export async function levelHasAreas(trx: Trx, levelId: number): Promise<boolean> {
  return !!(await trx.selectFrom('area').select('code').where('level_id', '=', levelId).limit(1).executeTakeFirst())
}

/** The number of rows deleted (0 when there is no such level). */
export async function deleteLevelRow(trx: Trx, id: number): Promise<number> {
  const r = await trx.deleteFrom('admin_level').where('id', '=', id).executeTakeFirst()
  return Number(r.numDeletedRows)
}

/** The children of parentCode (the top when absent) with their level's name and child count, by code. */
export function listAreaRows(trx: Trx, parentCode?: string) {
  return trx
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
}

export async function levelExists(trx: Trx, id: number): Promise<boolean> {
  return !!(await trx.selectFrom('admin_level').select('id').where('id', '=', id).executeTakeFirst())
}

export async function areaExists(trx: Trx, code: string): Promise<boolean> {
  return !!(await trx.selectFrom('area').select('code').where('code', '=', code).executeTakeFirst())
}

export async function insertArea(
  trx: Trx,
  values: { code: string; name: string; parent_code: string | null; level_id: number },
): Promise<void> {
  await trx.insertInto('area').values(values).execute()
}

/** The number of rows updated (0 when there is no such area). */
export async function updateAreaRow(
  trx: Trx,
  code: string,
  values: { name: string; parent_code: string | null; level_id: number },
): Promise<number> {
  const r = await trx.updateTable('area').set(values).where('code', '=', code).executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export async function areaHasChildren(trx: Trx, code: string): Promise<boolean> {
  return !!(await trx.selectFrom('area').select('code').where('parent_code', '=', code).limit(1).executeTakeFirst())
}

/** The number of rows deleted (0 when there is no such area). */
export async function deleteAreaRow(trx: Trx, code: string): Promise<number> {
  const r = await trx.deleteFrom('area').where('code', '=', code).executeTakeFirst()
  return Number(r.numDeletedRows)
}

/**
 * Every area with its full name (top down) and child count, as a recursive walk from the top levels. The tree is
 * platform reference data (a few thousand rows at most), read by anyone signed in, written only by eduarea.
 */
const WALK = sql`
  WITH RECURSIVE walk AS (
    SELECT a.code, a.name, a.parent_code, a.level_id, a.name::text AS full_name, 0 AS depth FROM area a WHERE a.parent_code IS NULL
    UNION ALL
    SELECT c.code, c.name, c.parent_code, c.level_id, walk.full_name || '/' || c.name, walk.depth + 1
    FROM area c JOIN walk ON c.parent_code = walk.code WHERE walk.depth < 8
  )`

export interface WalkRow {
  code: string
  name: string
  parent_code: string | null
  level_name: string
  full_name: string
  children: number | string
}

/** With `like` (a LIKE pattern) the areas whose name matches, else the children of parentCode (the top without it). */
export async function walkAreas(
  trx: Trx,
  like: string | undefined,
  parentCode: string | undefined,
): Promise<WalkRow[]> {
  const where = like
    ? sql`walk.name LIKE ${like}`
    : parentCode
      ? sql`walk.parent_code = ${parentCode}`
      : sql`walk.parent_code IS NULL`
  const { rows } = await sql<WalkRow>`${WALK}
    SELECT walk.code, walk.name, walk.parent_code, l.name AS level_name, walk.full_name,
      (SELECT count(*) FROM area c WHERE c.parent_code = walk.code) AS children
    FROM walk JOIN admin_level l ON l.id = walk.level_id WHERE ${where} ORDER BY walk.code LIMIT ${CITY_SEARCH_MAX}`.execute(
    trx,
  )
  return rows
}

/** The area and its ancestors, top first; no rows for an unknown code. */
export async function areaPathRows(trx: Trx, code: string): Promise<Omit<WalkRow, 'full_name'>[]> {
  const { rows } = await sql<Omit<WalkRow, 'full_name'>>`
    WITH RECURSIVE up AS (
      SELECT code, name, parent_code, level_id, 0 AS depth FROM area WHERE code = ${code}
      UNION ALL
      SELECT p.code, p.name, p.parent_code, p.level_id, up.depth + 1 FROM area p JOIN up ON p.code = up.parent_code WHERE up.depth < 8
    )
    SELECT up.code, up.name, up.parent_code, l.name AS level_name, (SELECT count(*) FROM area c WHERE c.parent_code = up.code) AS children
    FROM up JOIN admin_level l ON l.id = up.level_id ORDER BY up.depth DESC`.execute(trx)
  return rows
}
