import { AreaMsg, CITY_SEARCH_MAX, cityContracts as C, type CityOption, type CitySelectQuery } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { notFound } from '../../platform/errors.js'

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

interface WalkRow {
  code: string
  name: string
  parent_code: string | null
  level_name: string
  full_name: string
  children: number | string
}
const toOption = (r: WalkRow): CityOption => ({
  code: r.code,
  name: r.name,
  parentCode: r.parent_code,
  levelName: r.level_name,
  fullName: r.full_name,
  isLeaf: Number(r.children) === 0,
})

/** A cascader level (children of parentCode, the top without it), or with a keyword the areas whose name holds it. */
export function selectCities(ctx: AppContext, q: CitySelectQuery): Promise<CityOption[]> {
  return ctx.db.platform(async (trx) => {
    const where = q.keyword
      ? sql`walk.name LIKE ${`%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`}`
      : q.parentCode
        ? sql`walk.parent_code = ${q.parentCode}`
        : sql`walk.parent_code IS NULL`
    const { rows } = await sql<WalkRow>`${WALK}
      SELECT walk.code, walk.name, walk.parent_code, l.name AS level_name, walk.full_name,
        (SELECT count(*) FROM area c WHERE c.parent_code = walk.code) AS children
      FROM walk JOIN admin_level l ON l.id = walk.level_id WHERE ${where} ORDER BY walk.code LIMIT ${CITY_SEARCH_MAX}`.execute(
      trx,
    )
    return rows.map(toOption)
  })
}

/** The chain from the top down to the code (to show a stored code as 省/市/区); an unknown code is not found. */
export function cityPath(ctx: AppContext, code: string): Promise<CityOption[]> {
  return ctx.db.platform(async (trx) => {
    const { rows } = await sql<Omit<WalkRow, 'full_name'>>`
      WITH RECURSIVE up AS (
        SELECT code, name, parent_code, level_id, 0 AS depth FROM area WHERE code = ${code}
        UNION ALL
        SELECT p.code, p.name, p.parent_code, p.level_id, up.depth + 1 FROM area p JOIN up ON p.code = up.parent_code WHERE up.depth < 8
      )
      SELECT up.code, up.name, up.parent_code, l.name AS level_name, (SELECT count(*) FROM area c WHERE c.parent_code = up.code) AS children
      FROM up JOIN admin_level l ON l.id = up.level_id ORDER BY up.depth DESC`.execute(trx)
    if (!rows.length) throw notFound(AreaMsg.NOT_FOUND)
    const names: string[] = []
    return rows.map((r) => {
      names.push(r.name)
      return toOption({ ...r, full_name: names.join('/') })
    })
  })
}

/** /base/api/cities */
export const cityRoutes = (ctx: AppContext) => [
  handle(C.select, async (req) => ok(await selectCities(ctx, req.query))),
  handle(C.path, async (req) => ok(await cityPath(ctx, req.query.code))),
]
