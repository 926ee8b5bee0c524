import { orgTypeContracts as T } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addType, deleteType, pageTypes, setTypeStatus, updateType } from './type-service.js'

/** /base/api/orgType: organisation and department types (the spec does not name these paths; docs/base-data.md). */
export const orgTypeRoutes = (ctx: AppContext) => [
  handle(T.page, async (req) => ok(await pageTypes(ctx, req.auth!, req.body))),
  handle(T.add, async (req) => ok(await addType(ctx, req.auth!, req.body), '新增成功')),
  handle(T.update, async (req) => {
    await updateType(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(T, {
    setStatus: (a, id, s) => setTypeStatus(ctx, a, id, s),
    remove: (a, id) => deleteType(ctx, a, id),
  }),
]
