import { majorContracts as M } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './major-service.js'

/** /base/api/major: faculties (schoolManage), majors (majorManage) and directions (majorDirection) of Z3 schools. */
export const majorRoutes = (ctx: AppContext) => [
  handle(M.tree, async (req) => ok(await svc.majorTree(ctx, req.auth!, req.query.orgId))),
  handle(M.add, async (req) => ok(await svc.addMajor(ctx, req.auth!, req.body), '新增成功')),
  handle(M.update, async (req) => {
    await svc.updateMajor(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(M, {
    setStatus: (a, id, s) => svc.setMajorStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteMajor(ctx, a, id),
  }),
]
