import { privacyContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { myChildAccess, myChildren, pageAccessLog } from './access-log.js'
import { addApprover, officerCandidates, officerSettings, removeApprover, saveOfficer } from './officer-service.js'
import { revealField } from './reveal-service.js'

/** /base/api/privacy */
export const privacyRoutes = (ctx: AppContext) => [
  handle(C.reveal, async (req) => ok(await revealField(ctx, req.auth!, req.body), '已记录本次查看')),
  handle(C.accessLogPage, async (req) => ok(await pageAccessLog(ctx, req.auth!, req.body))),
  handle(C.myChildren, async (req) => ok(await myChildren(ctx, req.auth!))),
  handle(C.myChildAccess, async (req) => ok(await myChildAccess(ctx, req.auth!, req.query.childId))),
  handle(C.officer, async (req) => ok(await officerSettings(ctx, req.auth!))),
  handle(C.officerSave, async (req) => {
    await saveOfficer(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
  handle(C.approverAdd, async (req) => {
    await addApprover(ctx, req.auth!, req.body.userInfoId)
    return ok(null, '已指定审批人')
  }),
  handle(C.approverRemove, async (req) => {
    await removeApprover(ctx, req.auth!, req.body.userInfoId)
    return ok(null, '已移除审批人')
  }),
  handle(C.candidates, async (req) => ok(await officerCandidates(ctx, req.auth!, req.body))),
]
