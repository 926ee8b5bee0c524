import { transferContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import {
  applyTransfer,
  cancelTransfer,
  decideBureau,
  decideOut,
  findStudents,
  pageTransfers,
  transferredOut,
} from './service.js'

/** /base/api/transfer */
export const transferRoutes = (ctx: AppContext) => [
  handle(C.find, async (req) => ok(await findStudents(ctx, req.auth!, req.body))),
  handle(C.apply, async (req) => ok(await applyTransfer(ctx, req.auth!, req.body), '已提交转入申请，待转出学校审核')),
  handle(C.cancel, async (req) => {
    await cancelTransfer(ctx, req.auth!, req.body.id)
    return ok(null, '已撤回')
  }),
  handle(C.outAgree, async (req) => {
    await decideOut(ctx, req.auth!, req.body, true)
    return ok(null, '已同意转出，待教育局审核')
  }),
  handle(C.outRefuse, async (req) => {
    await decideOut(ctx, req.auth!, req.body, false)
    return ok(null, '已拒绝')
  }),
  handle(C.bureauApprove, async (req) => {
    await decideBureau(ctx, req.auth!, req.body, true)
    return ok(null, '已批准')
  }),
  handle(C.bureauRefuse, async (req) => {
    await decideBureau(ctx, req.auth!, req.body, false)
    return ok(null, '已拒绝')
  }),
  handle(C.page, async (req) => ok(await pageTransfers(ctx, req.auth!, req.body))),
  handle(C.transferredOut, async (req) => ok(await transferredOut(ctx, req.auth!))),
]
