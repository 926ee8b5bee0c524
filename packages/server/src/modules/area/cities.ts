import { AreaMsg, cityContracts as C, type CityOption, type CitySelectQuery } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { notFound } from '../../platform/errors.js'
import { areaPathRows, walkAreas, type WalkRow } from './queries.js'

const toOption = (r: WalkRow): CityOption => ({
  code: r.code,
  name: r.name,
  parentCode: r.parent_code,
  levelName: r.level_name,
  fullName: r.full_name,
  isLeaf: Number(r.children) === 0,
})

/** A cascader level (children of parentCode, the top without it), or with a keyword the areas whose name holds it. */
function selectCities(ctx: AppContext, q: CitySelectQuery): Promise<CityOption[]> {
  return ctx.db.platform(async (trx) => {
    const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined
    const rows = await walkAreas(trx, like, q.parentCode)
    return rows.map(toOption)
  })
}

/** The chain from the top down to the code (to show a stored code as 省/市/区); an unknown code is not found. */
function cityPath(ctx: AppContext, code: string): Promise<CityOption[]> {
  return ctx.db.platform(async (trx) => {
    const rows = await areaPathRows(trx, code)
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
