import { externalContracts as E } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as ext from './external-service.js'

/** /base/api/external: 外聘人员 of an org. */
export const externalRoutes = (ctx: AppContext) => [
  handle(E.page, async (req) => ok(await ext.pageExternal(ctx, req.auth!, req.body))),
  handle(E.add, async (req) => ok(await ext.addExternal(ctx, req.auth!, req.body), '新增成功')),
  handle(E.update, async (req) => {
    await ext.updateExternal(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(E, {
    setStatus: (a, id, s) => ext.setExternalStatus(ctx, a, id, s),
    remove: (a, id) => ext.deleteExternal(ctx, a, id),
  }),
]
