import { workRestTypeContracts as W } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addDict, deleteDict, pageDict, selectDict, setDictStatus, updateDict } from './dict-service.js'

const dictType = 'workRestType' as const

/**
 * /base/api/workRestType: the kinds of work-and-rest schedule (冬季作息, 夏季作息 …) offered by the schedule form.
 * The dictionary type workRestType (page code base_school, its tenant level also from the public-field page).
 */
export const workRestTypeRoutes = (ctx: AppContext) => [
  handle(W.page, async (req) => ok(await pageDict(ctx, req.auth!, { ...req.body, dictType }))),
  handle(W.select, async (req) => ok(await selectDict(ctx, req.auth!, dictType, req.query.orgId))),
  handle(W.add, async (req) => ok(await addDict(ctx, req.auth!, { ...req.body, dictType }), '新增成功')),
  handle(W.update, async (req) => {
    await updateDict(ctx, req.auth!, req.body, dictType)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(W, {
    setStatus: (a, id, s) => setDictStatus(ctx, a, id, s, dictType),
    remove: (a, id) => deleteDict(ctx, a, id, dictType),
  }),
]
