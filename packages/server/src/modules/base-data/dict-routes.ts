import { dictContracts as D } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addDict, deleteDict, dictOptions, pageDict, selectDict, setDictStatus, updateDict } from './dict-service.js'

/** /base/api/dict: tenant- and organisation-level dictionaries (000 §7.9); the page code follows the dictionary's group. */
export const dictRoutes = (ctx: AppContext) => [
  handle(D.page, async (req) => ok(await pageDict(ctx, req.auth!, req.body))),
  handle(D.select, async (req) => ok(await selectDict(ctx, req.auth!, req.query.dictType, req.query.orgId))),
  handle(D.options, async (req) => ok(await dictOptions(ctx, req.auth!, req.body))),
  handle(D.add, async (req) => ok(await addDict(ctx, req.auth!, req.body), '新增成功')),
  handle(D.update, async (req) => {
    await updateDict(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(D, {
    setStatus: (a, id, s) => setDictStatus(ctx, a, id, s),
    remove: (a, id) => deleteDict(ctx, a, id),
  }),
]
